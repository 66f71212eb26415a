import type { Page } from "@playwright/test";
import { answerPages, emailMessages } from "@ysp/contract";
import {
  expect,
  expectMessageUnder,
  expectNoAxeViolations,
  screenshotPath,
  test,
  uniqueTag,
} from "./fixtures.ts";

/** Presses Subscribe in the footer. */
const subscribe = (page: Page) =>
  page.locator("footer").getByRole("button", { name: "Subscribe" }).click();

/** The pages the same footer is tried on: home, a content page and an account page's answer. */
const footerPages = ["/", "/faqs", answerPages.resetLinkSent] as const;

/**
 * The footer's newsletter form, against the real server and database: no request is answered
 * by the test. With the page's script, the same footer on every page says its own words under
 * the field for an empty or broken address, offers "Did you mean …?" for a mistyped domain, and
 * sends a typo left as typed. Without a script the server says the same words
 * (api/src/routes/newsletter.test.ts; in a browser, forms-come-back.spec.ts), and a typo goes
 * as typed (form-answers.spec.ts), as does the whole way to a subscription and out of it.
 */
test("the footer on every page says what is wrong, offers a mistyped domain mended, and sends a typo as typed", async ({
  page,
}, testInfo) => {
  // Three pages, two refusals and a hint on each: 13 s on two cores shared with other runs.
  test.slow();
  for (const path of footerPages) {
    await page.goto(path);
    const field = page.locator("footer").getByLabel(/email/i);
    for (const [typed, message] of [
      ["", emailMessages.required],
      ["a@b", emailMessages.invalid],
    ] as const) {
      await field.fill(typed);
      await subscribe(page);
      await expect(page.locator("footer .field-error")).toHaveText(message);
      expect(new URL(page.url()).pathname, path).toBe(path);
      await expectMessageUnder(page, field, message);
      await expect(field).toHaveValue(typed);
    }
    if (path === "/faqs")
      await page.screenshot({
        path: screenshotPath(testInfo, "newsletter-refused-script"),
        fullPage: true,
      });

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
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
});
