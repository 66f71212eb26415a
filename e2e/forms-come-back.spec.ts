import type { Locator, Page } from "@playwright/test";
import { refusedFormWords } from "@ysp/content/answers";
import { joinPage } from "@ysp/content/join";
import { type ApiErrorBody, apiMessages, emailMessages } from "@ysp/contract";
import {
  expect,
  expectMessageUnder,
  fillSignupForm,
  firstDetail,
  gotoHydrated,
  holdRequests,
  logIn,
  makeStudent,
  nextAnswer,
  screenshotPath,
  signUpByApi,
  signupApi,
  test,
} from "./fixtures.ts";

/**
 * A form that is refused comes back as its own page, at its own address, with what was typed
 * (never a password), each message at its field and a summary of them at the top (GOV.UK's
 * error summary). docs/decisions/031-forms-answer-at-their-page.md. That every form of the
 * site, posted empty, is answered at a page of the site and never the API's is
 * api/src/routes/site.test.ts's; each refusal's HTML, the API suite's.
 */

const label = (page: Page, text: string) => page.getByLabel(text, { exact: true });
const continueButton = (page: Page) =>
  page.getByRole("button", { name: joinPage.submit, exact: true });
const withoutButton = (page: Page) =>
  page.getByRole("button", { name: joinPage.invite.continueWithout });
const summary = (page: Page) => page.locator(".error-summary");

/** The summary's links, as [text, the id of the field each leads to]. */
const summaryLinks = (page: Page) =>
  summary(page)
    .getByRole("link")
    .evaluateAll((links) =>
      links.map((link) => [link.textContent, link.getAttribute("href")?.slice(1)]),
    );

/** The field's id, which a summary link names. */
const idOf = (field: Locator) => field.getAttribute("id");

test.describe("with no script", () => {
  test.use({ javaScriptEnabled: false });

  test("a refused sign-up from an invite link comes back as its page, everything kept but the password", async ({
    page,
  }, testInfo) => {
    const student = makeStudent({ password: "abc12" });
    await page.goto("/join/NOPE42");
    await fillSignupForm(page, student);
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      continueButton(page).click(),
    ]);
    expect(answer.status()).toBe(400);
    // The page's own address, the code in it; never the API's.
    expect(new URL(page.url()).pathname).toBe("/join/NOPE42");
    await expect(page).toHaveTitle(new RegExp(`^${refusedFormWords.titlePrefix}`));

    const password = label(page, joinPage.labels.password);
    const invite = label(page, joinPage.invite.label);
    await expect(label(page, joinPage.labels.first_name)).toHaveValue(student.first_name);
    await expect(label(page, joinPage.labels.last_name)).toHaveValue(student.last_name);
    await expect(label(page, joinPage.labels.email)).toHaveValue(student.email);
    await expect(invite).toHaveValue("NOPE42");
    await expect(password).toHaveValue("");
    expect(await page.content()).not.toContain(student.password);

    // Each problem at its field, read with it.
    await expectMessageUnder(page, password, apiMessages.passwordShort);
    await expectMessageUnder(page, invite, joinPage.invite.unknown);
    // The summary first, focused, each problem a link to its field.
    await expect(summary(page)).toBeFocused();
    await expect(summary(page).getByRole("heading")).toHaveText(refusedFormWords.summaryTitle);
    expect(await summaryLinks(page)).toEqual([
      [apiMessages.passwordShort, await idOf(password)],
      [joinPage.invite.unknown, await idOf(invite)],
    ]);
    await expect(withoutButton(page)).toBeVisible();
    await page.screenshot({
      path: screenshotPath(testInfo, "join-refused-no-script"),
      fullPage: true,
    });
    await summary(page).getByRole("link", { name: apiMessages.passwordShort }).click();
    await expect(password).toBeInViewport();

    // "Continue without an invite code" sends everything typed, and leaves the code behind.
    await password.fill("a long enough password");
    await withoutButton(page).click();
    await expect(page).toHaveURL("/signed-up");
    expect((await logIn(page.request, student.email, "a long enough password")).status()).toBe(200);
  });

  test("each account form comes back at its page with the address kept and a summary", async ({
    page,
  }, testInfo) => {
    for (const { path, field } of [
      { path: "/forgot-password", field: "Email" },
      { path: "/your-data", field: "Email" },
      { path: "/verify-email", field: "Email" },
    ]) {
      await page.goto(path);
      await label(page, field).fill("ada@example");
      await page.locator(`form:has(input[type=email]) button[type=submit]`).first().click();
      expect(new URL(page.url()).pathname).toBe(path);
      await expectMessageUnder(page, label(page, field), emailMessages.invalid);
      await expect(label(page, field)).toHaveValue("ada@example");
      await expect(summary(page)).toBeFocused();
      await page.screenshot({
        path: screenshotPath(testInfo, `refused${path.replaceAll("/", "-")}`),
        fullPage: true,
      });
    }
    // The footer's newsletter form, on a page with a header: the summary leads down to it.
    await page.goto("/faqs");
    const newsletter = page.locator("footer").getByLabel(/email/i);
    await newsletter.fill("ada@example");
    await page.locator("footer").getByRole("button", { name: "Subscribe" }).click();
    expect(new URL(page.url()).pathname).toBe("/faqs");
    await expect(newsletter).toHaveValue("ada@example");
    await expectMessageUnder(page, newsletter, emailMessages.invalid);
    await summary(page).getByRole("link").click();
    await expect(newsletter).toBeInViewport();
    await page.screenshot({
      path: screenshotPath(testInfo, "refused-newsletter"),
      fullPage: true,
    });
  });
});

test.describe("with a script", () => {
  test("an invite code no student has gets its note before Continue, and Continue without it keeps what was typed", async ({
    page,
  }, testInfo) => {
    await gotoHydrated(page, "/join/NOPE42");
    const invite = label(page, joinPage.invite.label);
    await expect(invite).toHaveValue("NOPE42");
    await expectMessageUnder(page, invite, joinPage.invite.unknown);
    await expect(withoutButton(page)).toBeVisible();
    await page.screenshot({ path: screenshotPath(testInfo, "join-invite-unknown") });
    const student = await fillSignupForm(page, makeStudent({ password: "abc12" }));
    await withoutButton(page).click();
    await expect(page).toHaveURL("/join");
    await expect(label(page, joinPage.invite.label)).toHaveValue("");
    await expect(page.getByText(joinPage.invite.unknown)).toBeHidden();
    await expect(withoutButton(page)).toBeHidden();
    await expect(label(page, joinPage.labels.first_name)).toHaveValue(student.first_name);
    await expect(label(page, joinPage.labels.email)).toHaveValue(student.email);
    const password = label(page, joinPage.labels.password);
    await expect(password).toHaveValue("abc12");
    await expectMessageUnder(page, password, apiMessages.passwordShort);
    await expect(password).toBeFocused();
    await password.fill("a long enough password");
    const answer = nextAnswer(page, signupApi);
    await continueButton(page).click();
    expect((await answer).status).toBe(201);
    await expect(page).toHaveURL("/");
  });

  test("a sign-up sent before the script arrived comes back as the page, and stays without it", async ({
    page,
    request,
  }, testInfo) => {
    const taken = makeStudent();
    await signUpByApi(request, taken);
    const again = { ...taken, password: "another long password" };
    // What the API says to the same mistake: the page must say the same.
    const refused = await request.post(signupApi, {
      data: { ...again, user_type: "STUDENT", referral_code: "" },
    });
    const emailTaken = firstDetail((await refused.json()) as ApiErrorBody, "email_taken");
    const release = await holdRequests(page, "**/*.js");
    try {
      await page.goto("/join", { waitUntil: "commit" });
      await fillSignupForm(page, again);
      await continueButton(page).click();
      await expect(summary(page)).toBeVisible();
      expect(new URL(page.url()).pathname).toBe("/join");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(joinPage.title);
      await expectMessageUnder(page, label(page, joinPage.labels.email), emailTaken);
      await expect(label(page, joinPage.labels.first_name)).toHaveValue(taken.first_name);
      await expect(label(page, joinPage.labels.email)).toHaveValue(taken.email);
      await expect(label(page, joinPage.labels.password)).toHaveValue("");
    } finally {
      release();
    }
    // Nothing takes the page over to throw what the server wrote away.
    await page.waitForLoadState("load");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await expect(summary(page)).toBeVisible();
    await expect(label(page, joinPage.labels.email)).toHaveValue(taken.email);
    await page.screenshot({ path: screenshotPath(testInfo, "join-refused-before-script") });
  });
});
