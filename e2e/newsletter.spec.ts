import type { Page } from "@playwright/test";
import { answerWords } from "@ysp/content/answers";
import { answerPages, dataRightsPages, emailMessages } from "@ysp/contract";
import { href } from "react-router";
import {
  expect,
  expectMessageUnder,
  expectNoAxeViolations,
  gotoHydrated,
  makeStudent,
  screenshotPath,
  test,
  uniqueTag,
} from "./fixtures.ts";
import { waitForMail } from "./inbox.ts";

/** The footer's newsletter form against the real server and database: no request is answered by the test. */

/** Presses Subscribe in the footer. */
const subscribe = (page: Page) =>
  page.locator("footer").getByRole("button", { name: "Subscribe" }).click();

/** The pages the same footer is tried on: home, a content page and an account page's answer. */
const footerPages = ["/", "/faqs", answerPages.resetLinkSent] as const;

test.describe("newsletter", () => {
  test("asks by a plain post from any page, answers the same the second time, and only the mailed link subscribes", async ({
    page,
  }) => {
    const email = makeStudent().email;
    await gotoHydrated(page, href("/"));
    const footer = page.locator("footer");
    await footer.getByLabel(/email/i).fill(email);
    await subscribe(page);
    await expect(page).toHaveURL(answerPages.newsletterAsked);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");

    await gotoHydrated(page, href("/login"));
    await footer.getByLabel(/email/i).fill(email.toUpperCase());
    await subscribe(page);
    // The same page: whether an address is subscribed is its owner's business.
    await expect(page).toHaveURL(`${answerPages.newsletterAsked}?from=%2Flogin`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");

    // Asked twice, two messages: only the newest link works, and subscribes with one tap.
    const mail = await waitForMail(email, "Confirm your subscription", 2);
    const confirm = mail.links.find((link) => link.includes(dataRightsPages.newsletterConfirm));
    const unsubscribe = mail.links.find((link) => link.includes(dataRightsPages.unsubscribe));
    await page.goto(new URL(confirm ?? "").pathname + new URL(confirm ?? "").search);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
    // The page it lands on says it under its heading, once (answers.ts).
    await expect(page).toHaveURL(answerPages.newsletterConfirmed);
    await expect(page.getByText(answerWords.newsletterConfirmed.lines[0] as string)).toBeVisible();

    // Its unsubscribe link: a tap unsubscribes; opened again, it says so with no button.
    const unsubscribeAt = new URL(unsubscribe ?? "").pathname + new URL(unsubscribe ?? "").search;
    await page.goto(unsubscribeAt);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
    await page.goto(unsubscribeAt);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  });

  test("pages without JavaScript subscribe with a plain form post and a readable answer", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = makeStudent().email;
    await page.goto(href("/faqs"));
    const footer = page.locator("footer");
    await footer.getByLabel(/email/i).fill(email);
    await subscribe(page);
    // A page of the site at its own address, so a reload shows it again and posts nothing.
    await expect(page).toHaveURL("/newsletter/check-email?from=%2Ffaqs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
    await page.goBack();
    await expect(page).toHaveURL("/faqs");
    await context.close();
  });

  // The same words under the field on every page, said by the page's script or, without one,
  // by the server's page again; the browser's own bubble never speaks (the form is novalidate).
  for (const javaScriptEnabled of [true, false]) {
    const how = javaScriptEnabled ? "with a script" : "without a script";
    test(`answers an empty field and a@b with the site's words on every page, ${how}`, async ({
      browser,
    }, testInfo) => {
      test.setTimeout(60_000);
      const context = await browser.newContext({
        javaScriptEnabled,
        viewport: { width: 360, height: 800 },
      });
      const page = await context.newPage();
      for (const path of footerPages) {
        for (const [typed, message] of [
          ["", emailMessages.required],
          ["a@b", emailMessages.invalid],
        ] as const) {
          await page.goto(path);
          const field = page.locator("footer").getByLabel(/email/i);
          await field.fill(typed);
          await subscribe(page);
          await expect(page.locator("footer .field-error")).toHaveText(message);
          expect(new URL(page.url()).pathname, `${path} ${how}`).toBe(path);
          await expectMessageUnder(page, field, message);
          await expect(field).toHaveValue(typed);
        }
      }
      await page.screenshot({
        path: screenshotPath(
          testInfo,
          `newsletter-refused-${javaScriptEnabled ? "script" : "no-script"}`,
        ),
        fullPage: true,
      });
      await context.close();
    });
  }

  test('offers "Did you mean …?" under the field on every page, and a tap puts it in', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    for (const path of footerPages) {
      await page.goto(path);
      const field = page.locator("footer").getByLabel(/email/i);
      await field.fill("ada@gmial.com");
      await field.blur();
      const hint = page
        .locator("footer")
        .getByRole("button", { name: "Did you mean ada@gmail.com?" });
      await expect(hint, path).toBeVisible();
      // Read on the footer's navy as its links are (the same footer on every page).
      if (path === "/faqs") await expectNoAxeViolations(page);
      await hint.click();
      await expect(field).toHaveValue("ada@gmail.com");
      await expect(field).toBeFocused();
    }
    // The hint blocks nothing: left as typed, the address is the student's to send.
    const typo = `ada.${uniqueTag()}@gmial.com`;
    await page.goto("/faqs");
    await page.locator("footer").getByLabel(/email/i).fill(typo);
    await subscribe(page);
    await expect(page).toHaveURL("/newsletter/check-email?from=%2Ffaqs");
    await context.close();
  });

  test("without a script no hint shows, and a mistyped address is sent as typed, on every page", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 800 },
    });
    const page = await context.newPage();
    for (const path of footerPages) {
      await page.goto(path);
      const field = page.locator("footer").getByLabel(/email/i);
      await field.fill(`ada.${uniqueTag()}@gmial.com`);
      await field.blur();
      await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
      await subscribe(page);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Check your email");
    }
    await context.close();
  });
});
