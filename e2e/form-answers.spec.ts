import type { Page } from "@playwright/test";
import { answerWords } from "@ysp/content/answers";
import { answerPages, dataRightsMessages, linkPartAttribute, nameMessages } from "@ysp/contract";
import {
  expect,
  expectMessageUnder,
  loggedInUser,
  makeStudent,
  screenshotPath,
  signUpByApi,
  test,
  uniqueTag,
} from "./fixtures.ts";
import { linkTo, waitForMail } from "./inbox.ts";

/**
 * Forms posted with no script land on pages of the site: a success at its own address (a 303
 * from the server), which a reload shows again, and a refusal as its form's page again. The
 * pages a mailed link opens say what they are for when opened without it. Through the real
 * server, its database and the SMTP server whose messages the test reads.
 */

/** The page is the site's, with its header and footer, at `path`; a reload is a 200 of it. */
async function expectSitePage(page: Page, path: string, title: string) {
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  const again = await page.reload();
  expect(again?.status(), `reloading ${path}`).toBe(200);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

/**
 * A refused field came back on its form's own page, as the student left it: what was typed
 * kept, the message visible under the field and read with it, and in the summary at the top.
 */
async function expectRefusedUnder(page: Page, label: string, message: string, typed: string) {
  const field = page.getByLabel(label, { exact: true });
  await expectMessageUnder(page, field, message);
  await expect(field).toHaveValue(typed);
  await expect(page.locator("p.field-error").getByText(message, { exact: true })).toBeVisible();
  await expect(
    page.locator(".error-summary").getByRole("link", { name: message, exact: true }),
  ).toBeVisible();
}

test.describe("with no script at all", () => {
  test.use({ javaScriptEnabled: false });

  test("each link request lands on its own page of the site, which reloads, the address as typed", async ({
    page,
  }, testInfo) => {
    // A mistyped domain: with no script no "Did you mean …?" comes, and the address goes as typed.
    const email = `ada.${uniqueTag()}@gmial.com`;
    const requests = [
      { from: "/forgot-password", field: "Email", button: "Send me a link", to: "resetLinkSent" },
      { from: "/verify-email", field: "Email", button: "Send a new link", to: "verifyLinkSent" },
      { from: "/your-data", field: "Email", button: "Send me a link", to: "dataLinkSent" },
    ] as const;
    for (const { from, field, button, to } of requests) {
      await page.goto(from);
      await page.getByLabel(field, { exact: true }).fill(email);
      await page.getByLabel(field, { exact: true }).blur();
      await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
      const posted = page.waitForRequest((request) => request.method() === "POST");
      await page.getByRole("button", { name: button }).click();
      expect((await posted).postData()).toContain(`email=${encodeURIComponent(email)}`);
      await expectSitePage(page, answerPages[to], answerWords[to].title);
      await expect(page.getByText(answerWords[to].lines[0] as string)).toBeVisible();
    }
    await page.screenshot({ path: screenshotPath(testInfo, "answer-link-sent"), fullPage: true });
  });

  test("a reset by its link, the newsletter and a parent's answer land on pages of the site", async ({
    page,
    request,
  }, testInfo) => {
    // Five messages and fifteen pages, each reloaded: 28 to 31 s on two cores shared with others.
    test.slow();
    const student = makeStudent({ first_name: "Kemi", last_name: "Ade" });
    await signUpByApi(request, student);

    // A new password ends every earlier link, so the confirmation link is used first.
    await page.goto(
      linkTo(await waitForMail(student.email, "Confirm your email"), "/verify-email"),
    );
    await page.getByRole("button", { name: "Confirm my email" }).click();
    // The student's own address by mistake: /email-confirmed again, as this student sees it.
    await page.getByLabel("Parent's or guardian's email").fill(student.email);
    await page.getByRole("button", { name: "Send the request" }).click();
    await expectRefusedUnder(
      page,
      "Parent's or guardian's email",
      dataRightsMessages.guardianEmailOwn,
      student.email,
    );
    // Mistyped, and with no script sent as typed: the next page shows it, typo and all.
    const parent = `mum.${uniqueTag()}@gmial.com`;
    await page.getByLabel("Parent's or guardian's email").fill(parent);
    await page.getByLabel("Parent's or guardian's email").blur();
    await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Send the request" }).click();
    await expectSitePage(
      page,
      answerPages.guardianAskedOnConfirm,
      answerWords.guardianAskedOnConfirm.title,
    );
    await expect(page.getByText(dataRightsMessages.guardianRequestSent)).toBeVisible();
    await expect(page.getByText(dataRightsMessages.guardianRequestSentTo(parent))).toBeVisible();
    await page.screenshot({
      path: screenshotPath(testInfo, "guardian-request-sent-to-no-script"),
      fullPage: true,
    });

    await page.goto(
      linkTo(
        await waitForMail(parent, "A student asks for your permission to use YSP"),
        "/guardian-consent",
      ),
    );
    // A name of spaces passes the browser's own check, not ours: the parent's page again.
    await page.getByLabel("Your name").fill("  ");
    await page.getByLabel("You are their").selectOption("Mother");
    await page.getByRole("button", { name: "Give permission" }).click();
    await expectRefusedUnder(page, "Your name", dataRightsMessages.guardianNameRequired, "  ");
    await expect(page.getByText(`${student.first_name} ${student.last_name}`)).toBeVisible();
    await expect(page.getByLabel("You are their")).toHaveValue("Mother");
    await page.screenshot({
      path: screenshotPath(testInfo, "answer-grant-refused"),
      fullPage: true,
    });
    await page.getByLabel("Your name").fill("Bisi Ade");
    await page.getByRole("button", { name: "Give permission" }).click();
    await expectSitePage(page, answerPages.guardianGranted, answerWords.guardianGranted.title);
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(student.email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.goto(
      linkTo(await waitForMail(student.email, "Reset your password"), "/reset-password"),
    );
    await page.getByLabel("New password").fill("a brand new password");
    await page.getByRole("button", { name: "Change password" }).click();
    await expectSitePage(page, answerPages.passwordChanged, answerWords.passwordChanged.title);

    // The footer's form, a mistyped address sent as typed: no hint comes without a script.
    const reader = `ada.${uniqueTag()}@gmial.com`;
    await page.goto("/faqs");
    await page.locator("footer").getByLabel(/email/i).fill(reader);
    await page.locator("footer").getByLabel(/email/i).blur();
    await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
    await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
    // Its way on names the page the footer's form was on (its link: newsletter.test.ts).
    await expectSitePage(
      page,
      `${answerPages.newsletterAsked}?from=%2Ffaqs`,
      answerWords.newsletterAsked.title,
    );
    // The post was answered by a 303, so Back returns to the form's page and posts nothing.
    await page.goBack();
    await expect(page).toHaveURL("/faqs");
    const confirm = await waitForMail(reader, "Confirm your subscription");
    await page.goto(linkTo(confirm, "/newsletter-confirm"));
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expectSitePage(
      page,
      answerPages.newsletterConfirmed,
      answerWords.newsletterConfirmed.title,
    );
    await expect(page.getByText(answerWords.newsletterConfirmed.lines[0] as string)).toBeVisible();
    await page.goto(linkTo(confirm, "/unsubscribe"));
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expectSitePage(page, answerPages.unsubscribed, answerWords.unsubscribed.title);

    await page.screenshot({ path: screenshotPath(testInfo, "answer-granted"), fullPage: true });
  });

  test("your data: each change lands on its own page of the site, which reloads", async ({
    page,
    request,
  }, testInfo) => {
    const student = makeStudent({ first_name: "Uche", last_name: "Okoro" });
    await signUpByApi(request, student);
    await page.goto("/your-data");
    await page.getByLabel("Email", { exact: true }).fill(student.email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await page.goto(linkTo(await waitForMail(student.email, "Your data at YSP"), "/your-data"));
    await page.getByRole("button", { name: "Open my data" }).click();
    // A digit in the name: this student's page again, the account still named on it.
    await page.getByLabel("First name").fill("Uchenna2");
    await page.getByRole("button", { name: "Save my name" }).click();
    await expectRefusedUnder(page, "First name", nameMessages.notAName("First name"), "Uchenna2");
    await expect(page.getByLabel("Last name")).toHaveValue("Okoro");
    await expect(page.getByText(student.email, { exact: true })).toBeVisible();
    await page.screenshot({
      path: screenshotPath(testInfo, "answer-name-refused"),
      fullPage: true,
    });
    await page.getByLabel("First name").fill("Uchenna");
    await page.getByLabel("Last name").fill("Okoro");
    await page.getByRole("button", { name: "Save my name" }).click();
    await expectSitePage(page, answerPages.nameCorrected, answerWords.nameCorrected.title);
    expect((await loggedInUser(request, student)).first_name).toBe("Uchenna");
    await page.getByRole("link", { name: "Back to your data" }).click();
    await page.getByRole("button", { name: "Stop marketing emails" }).click();
    await expectSitePage(page, answerPages.marketingStopped, answerWords.marketingStopped.title);
    await page.goto("/your-data/manage");
    await page.getByLabel(dataRightsMessages.deleteConfirm).fill("DELETE");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expectSitePage(page, answerPages.accountDeleted, answerWords.accountDeleted.title);
  });
});

/**
 * The pages a mailed link opens. What each says bare, and which button its link makes work, is
 * the server's to write (api/src/routes/link-pages.test.ts); the browser shows the one part and
 * hides the other, bare and with a token.
 */
const linkPages = [
  "/verify-email",
  "/reset-password",
  "/your-data",
  "/guardian-consent",
  "/newsletter-confirm",
  "/unsubscribe",
];

test("each page a mailed link opens says what it is for without its link, and shows no dead button", async ({
  page,
}, testInfo) => {
  const part = (name: "with" | "without") => page.locator(`[${linkPartAttribute}="${name}"]`);
  for (const path of linkPages) {
    await page.goto(path);
    await expect(part("without").first(), path).toBeVisible();
    for (const hidden of await part("with").all()) await expect(hidden, path).toBeHidden();
    await page.screenshot({
      path: screenshotPath(testInfo, `bare${path.replaceAll("/", "-")}`),
      fullPage: true,
    });
    if (path === "/guardian-consent") continue; // Its form needs a link the server knows.
    await page.goto(`${path}?token=abc`);
    for (const hidden of await part("without").all()) await expect(hidden, path).toBeHidden();
    await expect(part("with").first(), path).toBeVisible();
  }
});
