import type { APIRequestContext, Page } from "@playwright/test";
import { checkEmail } from "@ysp/content/join";
import {
  accountMessages,
  formAction,
  type LoginResponse,
  signupCorrectionMessages,
} from "@ysp/contract";
import { maskEmail } from "@ysp/contract/email";
import {
  expect,
  expectMessageUnder,
  gotoHydrated,
  logIn,
  makeStudent,
  screenshotPath,
  signedUpHome,
  test,
  uniqueTag,
} from "./fixtures.ts";
import { linkIn, mailTo, waitForMail } from "./inbox.ts";

/**
 * "Nobody stuck after a mistake": the sign-up's typo hint does not block, so ada.…@gmial.com is
 * taken (typo-hints.spec.ts); the student then puts the address right from where the masked
 * address is shown (home's notice, /signed-up), with the password, and the link to confirm
 * reaches the right mailbox while the wrong one gets nothing more. With a script and without.
 * The sign-up itself is the API's, made in this browser: the form's own tests are elsewhere.
 */

const words = checkEmail.correct;
const confirmSubject = "Confirm your email";

/** A student who typed gmial.com for gmail.com, and the address they meant. */
function typoStudent() {
  const name = `ada.${uniqueTag()}`;
  return { student: makeStudent({ email: `${name}@gmial.com` }), right: `${name}@gmail.com` };
}

/** Opens the newest "Confirm your email" to `to` (the `count`th) and taps: the address logs in, confirmed. */
async function confirmFromInbox(
  page: Page,
  request: APIRequestContext,
  to: string,
  password: string,
  count = 1,
) {
  await page.goto(linkIn(await waitForMail(to, confirmSubject, count)));
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page).toHaveURL(/\/email-confirmed$/);
  const login = await logIn(request, to, password);
  expect(login.status()).toBe(200);
  expect(((await login.json()) as LoginResponse).user).toMatchObject({
    email: to,
    email_verified: true,
  });
}

const notice = (page: Page) => page.getByRole("region", { name: checkEmail.heading });

/** Signed up with the typo, and home as the sign-up leaves it: the notice naming the typo. */
async function homeAfterSignUp(page: Page, student: ReturnType<typeof typoStudent>["student"]) {
  await signedUpHome(page, student);
  await expect(notice(page)).toContainText(checkEmail.sentTo(maskEmail(student.email)));
}

test.describe("from home's notice", () => {
  test("with its script: put right in the notice, a wrong password under its field, the link to the right mailbox", async ({
    page,
    request,
  }, testInfo) => {
    const { student, right } = typoStudent();
    await homeAfterSignUp(page, student);
    const here = notice(page);
    await here.getByText(`${checkEmail.wrongAddress} ${checkEmail.changeIt}`).click();
    // Mistyped again: "Did you mean …?" here too, and a tap puts it right.
    await here.getByLabel(words.newEmail).fill(student.email);
    await here.getByLabel(words.password).focus();
    await here.getByRole("button", { name: `Did you mean ${right}?` }).click();
    await expect(here.getByLabel(words.newEmail)).toHaveValue(right);
    await here.getByLabel(words.password).fill("not-my-password");
    await here.getByRole("button", { name: words.submit }).click();
    const password = here.getByLabel(words.password);
    await expectMessageUnder(page, password, signupCorrectionMessages.wrongPassword);
    await expect(password).toBeFocused();
    await expect(here.getByLabel(words.newEmail)).toHaveValue(right);
    await page.screenshot({ path: screenshotPath(testInfo, "home-notice-correct-refused") });

    await password.fill(student.password);
    await here.getByRole("button", { name: words.submit }).click();
    await expect(here.getByRole("status")).toHaveText(signupCorrectionMessages.corrected);
    await expect(here).toContainText(checkEmail.sentTo(maskEmail(right)));
    await expect(password).not.toHaveAttribute("aria-invalid", "true");
    await page.screenshot({ path: screenshotPath(testInfo, "home-notice-corrected") });
    // The next visit in this tab names the right address, and "Didn't get it?" asks for it.
    await gotoHydrated(page, "/");
    await expect(here).toContainText(checkEmail.sentTo(maskEmail(right)));
    await expect(here.locator("input[name=email]")).toHaveValue(right);

    await confirmFromInbox(page, request, right, student.password);
    // The wrong mailbox had the sign-up's message, and nothing since.
    expect(mailTo(student.email, confirmSubject)).toHaveLength(1);
    expect((await logIn(request, student.email, student.password)).status()).toBe(401);
  });

  test("before its script: the notice's form posts, and /signed-up names the right address", async ({
    page,
    request,
  }) => {
    const { student, right } = typoStudent();
    await homeAfterSignUp(page, student);
    const here = notice(page);
    await here.getByText(`${checkEmail.wrongAddress} ${checkEmail.changeIt}`).click();
    await here.getByLabel(words.newEmail).fill(right);
    await here.getByLabel(words.password).fill(student.password);
    // submit() skips the script's handler, as a tap before the script has run does.
    await here.locator("details form").evaluate((form: HTMLFormElement) => form.submit());
    await expect(page).toHaveURL("/signed-up");
    await expect(page.getByText(checkEmail.sentTo(maskEmail(right)))).toBeVisible();
    await confirmFromInbox(page, request, right, student.password);
    expect(mailTo(student.email, confirmSubject)).toHaveLength(1);
  });
});

for (const javaScriptEnabled of [false, true]) {
  test.describe(`from /signed-up, ${javaScriptEnabled ? "with" : "with no"} script`, () => {
    test.use({ javaScriptEnabled });
    const shot = javaScriptEnabled ? "script" : "no-script";

    test("Change it: /correct-email shows the account, a wrong password comes back under its field, then the link goes to the right mailbox", async ({
      page,
      request,
    }, testInfo) => {
      const { student, right } = typoStudent();
      // Signed up as the form posts without its script (signup-journey.spec.ts), in this browser:
      // its answer leaves the cookies /signed-up and /correct-email know the account by.
      const signedUp = await page.request.post(`/join${formAction("sign-up")}`, {
        form: student,
        maxRedirects: 0,
      });
      expect(signedUp.headers().location).toBe("/signed-up");
      await page.goto("/signed-up");
      await expect(page.getByText(checkEmail.sentTo(maskEmail(student.email)))).toBeVisible();
      // "Didn't get it?" asks nothing this browser already told us.
      await expect(page.getByLabel("Email")).toBeHidden();
      await expect(page.getByRole("button", { name: "Send a new link" })).toBeVisible();
      await page.screenshot({
        path: screenshotPath(testInfo, `signed-up-typo-${shot}`),
        fullPage: true,
      });

      await page.getByRole("link", { name: checkEmail.changeIt }).click();
      await expect(page).toHaveURL("/correct-email");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.title);
      await expect(page.getByText(maskEmail(student.email))).toBeVisible();
      await page.screenshot({
        path: screenshotPath(testInfo, `correct-email-${shot}`),
        fullPage: true,
      });
      await page.getByLabel(words.newEmail).fill(right);
      await page.getByLabel(words.password).fill("not-my-password");
      await page.getByRole("button", { name: words.submit }).click();
      const password = page.getByLabel(words.password);
      await expectMessageUnder(page, password, signupCorrectionMessages.wrongPassword);
      await expect(password).toHaveValue("");
      await expect(page.getByLabel(words.newEmail)).toHaveValue(right);
      await page.screenshot({
        path: screenshotPath(testInfo, `correct-email-refused-${shot}`),
        fullPage: true,
      });

      await password.fill(student.password);
      await page.getByRole("button", { name: words.submit }).click();
      await expect(page).toHaveURL("/signed-up");
      await expect(page.getByText(checkEmail.sentTo(maskEmail(right)))).toBeVisible();
      // A new link, to the right address, without typing it.
      await waitForMail(right, confirmSubject);
      await page.getByRole("button", { name: "Send a new link" }).click();
      await expect(page).toHaveURL("/verify-email/sent");
      await expect(page.getByText(accountMessages.verifyLinkSent)).toBeVisible();

      await confirmFromInbox(page, request, right, student.password, 2);
      expect(mailTo(student.email, confirmSubject)).toHaveLength(1);
    });
  });
}
