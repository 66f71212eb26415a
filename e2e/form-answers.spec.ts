import type { Page } from "@playwright/test";
import { answerWords } from "@ysp/content/answers";
import { withoutLinkWords } from "@ysp/content/link-pages";
import { answerPages, dataRightsMessages, linkProblems, nameMessages } from "@ysp/contract";
import {
  expect,
  expectMessageUnder,
  makeStudent,
  screenshotPath,
  signUpByApi,
  test,
} from "./fixtures.ts";
import { linkTo, waitForMail } from "./inbox.ts";

/**
 * Forms posted with no script land on pages of the site: a success at its own address (a 303
 * from the server), which a reload shows again, and a refusal in the site's frame. The pages a
 * mailed link opens say what they are for when opened without it. Through the real server,
 * its database and the SMTP server whose messages the test reads.
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

  test("each link request lands on its own page of the site, which reloads", async ({
    page,
  }, testInfo) => {
    const email = makeStudent().email;
    const requests = [
      { from: "/forgot-password", field: "Email", button: "Send me a link", to: "resetLinkSent" },
      { from: "/verify-email", field: "Email", button: "Send a new link", to: "verifyLinkSent" },
      { from: "/your-data", field: "Email", button: "Send me a link", to: "dataLinkSent" },
    ] as const;
    for (const { from, field, button, to } of requests) {
      await page.goto(from);
      await page.getByLabel(field, { exact: true }).fill(email);
      await page.getByRole("button", { name: button }).click();
      await expectSitePage(page, answerPages[to], answerWords[to].title);
      await expect(page.getByText(answerWords[to].lines[0] as string)).toBeVisible();
    }
    await page.screenshot({ path: screenshotPath(testInfo, "answer-link-sent"), fullPage: true });
  });

  test("a reset by its link, the newsletter and a parent's answer land on pages of the site", async ({
    page,
    request,
  }, testInfo) => {
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
    const parent = `mum.${student.email}`;
    await page.getByLabel("Parent's or guardian's email").fill(parent);
    await page.getByRole("button", { name: "Send the request" }).click();
    await expectSitePage(
      page,
      answerPages.guardianAskedOnConfirm,
      answerWords.guardianAskedOnConfirm.title,
    );
    await expect(page.getByText(dataRightsMessages.guardianRequestSent)).toBeVisible();

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

    await page.goto("/faqs");
    await page.locator("footer").getByLabel(/email/i).fill(student.email);
    await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
    // Its way on leads back to the page the footer's form was on.
    await expectSitePage(
      page,
      `${answerPages.newsletterAsked}?from=%2Ffaqs`,
      answerWords.newsletterAsked.title,
    );
    await page.getByRole("link", { name: "Back to the page you were on" }).click();
    await expect(page).toHaveURL("/faqs");
    const confirm = await waitForMail(student.email, "Confirm your subscription");
    await page.goto(linkTo(confirm, "/newsletter-confirm"));
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expectSitePage(
      page,
      answerPages.newsletterConfirmed,
      answerWords.newsletterConfirmed.title,
    );
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
    await page.getByRole("link", { name: "Back to your data" }).click();
    await page.getByRole("button", { name: "Stop marketing emails" }).click();
    await expectSitePage(page, answerPages.marketingStopped, answerWords.marketingStopped.title);
    await page.goto("/your-data/manage");
    await page.getByLabel(dataRightsMessages.deleteConfirm).fill("DELETE");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expectSitePage(page, answerPages.accountDeleted, answerWords.accountDeleted.title);
  });

  test("a link that cannot be used is answered in the site's frame, with a 400", async ({
    page,
  }, testInfo) => {
    await page.goto("/verify-email?token=abc");
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Confirm my email" }).click(),
    ]);
    expect(answer.status()).toBe(400);
    await expect(page.getByText(linkProblems.link_invalid)).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.screenshot({
      path: screenshotPath(testInfo, "answer-link-refused"),
      fullPage: true,
    });
  });
});

/** Each page a mailed link opens, what it says bare, and the button only its link makes work. */
const linkPages = [
  { path: "/verify-email", says: withoutLinkWords.verifyEmail, button: "Confirm my email" },
  { path: "/reset-password", says: withoutLinkWords.resetPassword, button: "Change password" },
  { path: "/your-data", says: withoutLinkWords.yourData, button: "Open my data" },
  { path: "/guardian-consent", says: withoutLinkWords.guardianConsent, button: "Give permission" },
  {
    path: "/newsletter-confirm",
    says: withoutLinkWords.newsletterConfirm,
    button: "Confirm my subscription",
  },
  { path: "/unsubscribe", says: withoutLinkWords.unsubscribe, button: "Unsubscribe" },
];

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with its script" : "with no script", () => {
    test.use({ javaScriptEnabled });

    for (const { path, says, button } of linkPages)
      test(`${path} opened without its link says what it is for, and shows no dead button`, async ({
        page,
      }, testInfo) => {
        await page.goto(path);
        await expect(page.getByText(says)).toBeVisible();
        await expect(page.getByRole("button", { name: button, exact: true })).toBeHidden();
        await page.screenshot({
          path: screenshotPath(testInfo, `bare${path.replaceAll("/", "-")}`),
          fullPage: true,
        });
        if (path === "/guardian-consent") return; // Its form needs a link the server knows.
        await page.goto(`${path}?token=abc`);
        await expect(page.getByText(says)).toBeHidden();
        await expect(page.getByRole("button", { name: button, exact: true })).toBeVisible();
      });
  });
}
