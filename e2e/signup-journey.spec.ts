import type { Page } from "@playwright/test";
import { checkEmail, joinPage } from "@ysp/content/join";
import { site } from "@ysp/content/site";
import {
  type ApiErrorBody,
  accountMessages,
  apiMessages,
  dataRightsMessages,
  type SignupResponse,
} from "@ysp/contract";
import { maskEmail } from "@ysp/contract/email";
import {
  describedBy,
  expect,
  expectMessageUnder,
  fillSignupForm,
  gotoHydrated,
  logIn,
  makeStudent,
  nextAnswer,
  type Student,
  screenshotPath,
  signedUpHome,
  signedUpToast,
  signUpByApi,
  signupApi,
  test,
  toast,
  uniqueTag,
} from "./fixtures.ts";
import { linkIn, mailTo, waitForMail } from "./inbox.ts";

/**
 * The sign-up form and what follows it: what a student meets from the form to the
 * inbox and back, with a script and without. Home's toasts after a sign-up are
 * home-after-signup.spec.ts's.
 */

const confirmSubject = "Confirm your email";
const continueButton = (page: Page) =>
  page.getByRole("button", { name: joinPage.submit, exact: true });

/** Presses Continue and returns the server's answer to it. */
async function pressContinue<Body>(page: Page) {
  const answer = nextAnswer<Body>(page, signupApi);
  await continueButton(page).click();
  return answer;
}

/** Two boxes on screen that share some pixels. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe("the sign-up form with a script", () => {
  test("refusals show under their field, focused, the server's beside its toast", async ({
    page,
    request,
  }, testInfo) => {
    const taken = makeStudent();
    await signUpByApi(request, taken);
    await gotoHydrated(page, "/join");
    const password = page.getByLabel(joinPage.labels.password, { exact: true });
    const email = page.getByLabel(joinPage.labels.email);
    // Our rule, said before the student types, and read with the field.
    await expect(page.getByText(joinPage.passwordHint)).toBeVisible();
    const hintIds = await describedBy(password);
    expect(
      await Promise.all(hintIds.map((id) => page.locator(`[id="${id}"]`).innerText())),
    ).toContain(joinPage.passwordHint);

    // The form's own check, as the server's: no request, no toast.
    const student = makeStudent({ password: "short7" });
    await fillSignupForm(page, student);
    await continueButton(page).click();
    await expectMessageUnder(page, password, apiMessages.passwordShort);
    await expect(password).toBeFocused();
    await expect(page.locator(".toast")).toHaveCount(0);
    await page.screenshot({ path: screenshotPath(testInfo, "join-refused-password") });

    // Changing the field takes its message away; the server's refusal lands under its own field.
    await password.fill("long-enough-password");
    await expect(password).not.toHaveAttribute("aria-invalid", "true");
    await email.fill(taken.email);
    const takenAnswer = await pressContinue<ApiErrorBody>(page);
    const detail = takenAnswer.body.errors[0]?.detail ?? "";
    expect(takenAnswer.body.errors[0]?.attr).toBe("email");
    await expect(toast(page, detail)).toBeVisible();
    await expectMessageUnder(page, email, detail);
    await expect(email).toBeFocused();
    await expect(password).not.toHaveAttribute("aria-invalid", "true");
    await page.screenshot({ path: screenshotPath(testInfo, "join-refused-email") });
  });

  test("home says where the link went until it is closed, by Esc too, and sends another", async ({
    page,
  }, testInfo) => {
    // Counted on every page from its start: home comes by a full page load.
    await page.addInitScript(() => {
      (window as unknown as { __shift: number }).__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          (window as unknown as { __shift: number }).__shift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const student = makeStudent();
    await signedUpHome(page, student);
    const notice = page.getByRole("region", { name: checkEmail.heading });
    await expect(notice).toContainText(checkEmail.sentTo(maskEmail(student.email)));
    await expect(notice).not.toContainText(student.email);
    await page.screenshot({ path: screenshotPath(testInfo, "home-check-email") });
    // At the top of the page, shown as it is parsed: its arrival moves nothing.
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    expect(shift).toBeLessThan(0.01);
    // And it leaves the chat button free.
    const chat = await page.locator(".chat-button").boundingBox();
    const box = await notice.boundingBox();
    if (chat && box) expect(overlap(chat, box)).toBe(false);

    await waitForMail(student.email, confirmSubject);
    await notice.getByRole("button", { name: checkEmail.resend }).click();
    await expect(notice.getByRole("status")).toHaveText(accountMessages.verifyLinkSent);
    await waitForMail(student.email, confirmSubject, 2);

    // Still there on the next visit to home in this tab, until closed: here by Esc, with the
    // focus in it, which then goes to the page's heading, not to the document.
    await gotoHydrated(page, "/");
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: checkEmail.resend }).focus();
    await page.keyboard.press("Escape");
    await expect(notice).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await gotoHydrated(page, "/");
    await expect(page.getByText(checkEmail.heading)).toBeHidden();
  });
});

test.describe("the sign-up form with no script", () => {
  test.use({ javaScriptEnabled: false });

  test("the form says the password's rule, has no eye, and the browser stops empty fields", async ({
    page,
  }) => {
    let sent = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") sent++;
    });
    await page.goto("/join");
    await expect(page.getByText(joinPage.passwordHint)).toBeVisible();
    // The eye works only with the script.
    await expect(page.getByLabel(joinPage.labels.password, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: joinPage.showPassword })).toHaveCount(0);
    await page.getByLabel(joinPage.labels.last_name).fill("Nwosu");
    await continueButton(page).click();
    const first = page.getByLabel(joinPage.labels.first_name);
    await expect(first).toBeFocused();
    expect(await first.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    );
    expect(sent).toBe(0);
    await expect(page).toHaveURL("/join");
  });

  test("a sign-up lands on a page that says to check the email, with the app first", async ({
    page,
  }, testInfo) => {
    // A mistyped domain: with no script no "Did you mean …?" comes, and the address goes as typed.
    const student = makeStudent({ email: `ada.${uniqueTag()}@gmial.com` });
    await page.goto("/join");
    await fillSignupForm(page, student);
    await page.getByLabel(joinPage.labels.email).blur();
    await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
    const posted = page.waitForRequest((request) => request.method() === "POST");
    await continueButton(page).click();
    expect((await posted).postData()).toContain(`email=${encodeURIComponent(student.email)}`);
    await expect(page).toHaveURL("/signed-up");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(checkEmail.page.title);
    const sentTo = checkEmail.sentTo(maskEmail(student.email));
    await expect(page.getByText(sentTo)).toBeVisible();
    const links = page.locator("main a:not(.logo)");
    await expect(links.nth(0)).toHaveText(new RegExp(`^${checkEmail.page.store}`));
    await expect(links.nth(0)).toHaveAttribute("href", site.stores.googlePlay);
    await expect(links.nth(1)).toHaveText(checkEmail.page.home);
    await page.screenshot({
      path: screenshotPath(testInfo, "signed-up-no-script"),
      fullPage: true,
    });
    // A reload is the same page, never a second sign-up.
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(checkEmail.page.title);
    await expect(page.getByText(sentTo)).toBeVisible();
    // Another browser opening the address sees no one's (api/src/routes/join-page.test.ts).
    await waitForMail(student.email, confirmSubject);
    expect(mailTo(student.email, confirmSubject)).toHaveLength(1);

    // "Didn't get it?" works here too, without the address typed again: a new link sent.
    await page.getByRole("button", { name: "Send a new link" }).click();
    await expect(page.getByText(accountMessages.verifyLinkSent)).toBeVisible();
    await waitForMail(student.email, confirmSubject, 2);
  });

  test("an invite link fills the code in, and Continue posts it to the page, the password in no address", async ({
    page,
    request,
  }, testInfo) => {
    const referrer = await signUpByApi(request, makeStudent());
    const code = referrer.user.referral_code;
    await page.goto(`/join/${code}`);
    const invite = page.getByLabel(joinPage.invite.label);
    await expect(invite).toHaveValue(code);
    await expect(page.getByText(joinPage.invite.unknown)).toBeHidden();
    await page.screenshot({ path: screenshotPath(testInfo, "join-invite-no-script") });
    const friend = makeStudent();
    await fillSignupForm(page, friend);
    const posted = page.waitForRequest((r) => r.method() === "POST");
    await continueButton(page).click();
    const sent = await posted;
    // To the page's own address, which names the form and nothing that was typed; the server
    // credits the code's student (api/src/routes/auth.signup.test.ts, referrals).
    expect(new URL(sent.url()).pathname).toBe(`/join/${code}`);
    expect(new URL(sent.url()).search).toBe("?form=sign-up");
    expect(new URLSearchParams(sent.postData() ?? "").get("referral_code")).toBe(code);
    await expect(page).toHaveURL("/signed-up");
    expect(page.url()).not.toContain(friend.password);
    await page.getByRole("link", { name: checkEmail.page.home }).click();
    await expect(page).toHaveURL("/");
    expect((await logIn(request, friend.email, friend.password)).status()).toBe(200);
  });
});

/**
 * Signs up in the browser with `student`, after the two refusals a student meets most: a
 * password too short, which the form says itself, and an address taken, which the server says.
 */
async function signUpAfterTwoRefusals(page: Page, student: Student, taken: Student) {
  await gotoHydrated(page, "/join");
  await fillSignupForm(page, { ...student, password: "short7" });
  await continueButton(page).click();
  await expect(page.getByText(apiMessages.passwordShort, { exact: true })).toBeVisible();
  await page.getByLabel(joinPage.labels.password, { exact: true }).fill(student.password);
  await page.getByLabel(joinPage.labels.email).fill(taken.email);
  await pressContinue(page);
  await expect(page.locator(".toast-error")).toHaveCount(1);
  await page.getByLabel(joinPage.labels.email).fill(student.email);
  return pressContinue<SignupResponse>(page);
}

test("the whole journey: refused twice, signed up, told to check the email, confirmed, a parent asked, their data", async ({
  page,
  request,
}, testInfo) => {
  const taken = makeStudent();
  await signUpByApi(request, taken);
  // Not the taken account's password: the same address and password again is a repeat, let in.
  const student = makeStudent({ password: "my-own-long-password" });
  const { body } = await signUpAfterTwoRefusals(page, student, taken);

  await expect(page).toHaveURL("/");
  await expect(toast(page, signedUpToast(body))).toBeVisible();
  await expect(page.locator(".toast-error")).toHaveCount(0);
  const notice = page.getByRole("region", { name: checkEmail.heading });
  await expect(notice).toContainText(checkEmail.sentTo(maskEmail(student.email)));
  await page.screenshot({ path: screenshotPath(testInfo, "journey-home") });

  const mail = await waitForMail(student.email, confirmSubject);
  await page.goto(linkIn(mail));
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page).toHaveURL(/\/email-confirmed$/);

  const parent = `parent.${student.email}`;
  await page.getByLabel("Parent's or guardian's email").fill(parent);
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(page.getByText(dataRightsMessages.guardianRequestSent)).toBeVisible();
  await waitForMail(parent, "A student asks for your permission to use YSP");
  await page.screenshot({ path: screenshotPath(testInfo, "journey-parent-asked") });

  // Their data, by a link in the mail: the page says whose account is open.
  await page.goto("/your-data");
  await page.getByLabel("Email", { exact: true }).fill(student.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  const dataMail = await waitForMail(student.email, "Your data at YSP");
  const dataLink = new URL(dataMail.links.find((url) => url.includes("/your-data")) ?? "");
  await page.goto(dataLink.pathname + dataLink.search);
  await page.getByRole("button", { name: "Open my data" }).click();
  await expect(page).toHaveURL(/\/your-data\/manage$/);
  // In full: the page is reached through the owner's own link, and the owner checks the address.
  await expect(page.getByText(student.email, { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, "journey-your-data"), fullPage: true });

  // Back home, the notice is there until the student closes it, and stays closed.
  await gotoHydrated(page, "/");
  await notice.getByRole("button", { name: checkEmail.close }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(notice).toBeHidden();
});
