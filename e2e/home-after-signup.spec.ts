import { checkEmail, joinPage } from "@ysp/content/join";
import type { SignupResponse } from "@ysp/contract";
import { maskEmail } from "@ysp/contract/email";
import {
  expect,
  fillSignupForm,
  gotoHydrated,
  makeStudent,
  nextAnswer,
  signedUpToast,
  signupApi,
  stopTime,
  test,
  toast,
} from "./fixtures.ts";

/**
 * Home ships no framework (docs/decisions/027), so a sign-up on /join moves there by a full page load, and
 * home's inline script says what the sign-up page used to (docs/spec.md §8), from the note
 * /join leaves in session storage.
 */
test("a sign-up on /join loads home, which shows both toasts in order for 2000 ms, and the notice", async ({
  page,
}) => {
  await gotoHydrated(page, "/join");
  await stopTime(page);
  const student = await fillSignupForm(page, makeStudent());
  // Left on the sign-up page's window: gone once another document has loaded.
  await page.evaluate(() => Object.assign(window, { __signUpPage: true }));
  const answer = nextAnswer<SignupResponse>(page, signupApi);
  await page.getByRole("button", { name: joinPage.submit }).click();
  const { body } = await answer;
  await expect(page).toHaveURL("/");

  // Home's own document, loaded from the server, with no framework in it.
  await expect.poll(() => page.evaluate(() => "__signUpPage" in window)).toBe(false);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);

  const first = toast(page, signedUpToast(body));
  const second = toast(page, "Download the app and login");
  await expect(first).toBeVisible();
  await expect(second).toBeVisible();
  const [firstBox, secondBox] = [await first.boundingBox(), await second.boundingBox()];
  expect(firstBox?.y, "the server's message above how to go on").toBeLessThan(secondBox?.y ?? 0);
  await expect(page.locator("#announcements p")).toHaveText([
    signedUpToast(body),
    "Download the app and login",
  ]);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();

  const notice = page.getByRole("region", { name: checkEmail.heading });
  await expect(notice).toContainText(checkEmail.sentTo(maskEmail(student.email)));
  await expect(notice.getByRole("button", { name: checkEmail.resend })).toBeVisible();

  // 2000 ms each (the page's time stands still until moved), then a second to leave.
  const shown = page.locator(".toast-success");
  await page.clock.runFor(1999);
  await expect(shown).toHaveCount(2);
  await expect(page.locator(".toast-leaving")).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(page.locator(".toast-leaving")).toHaveCount(2);
  await page.clock.runFor(1000);
  await expect(shown).toHaveCount(0);

  // Shown once: a reload of home says nothing more, but keeps the notice until it is closed.
  await page.reload();
  await expect(page.locator(".toast")).toHaveCount(0);
  await expect(notice).toBeVisible();
});
