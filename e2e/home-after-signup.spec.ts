import { checkEmail, joinPage } from "@ysp/content/join";
import { skipLinkLabel } from "@ysp/content/navigation";
import type { ApiErrorBody, SignupResponse } from "@ysp/contract";
import { maskEmail } from "@ysp/contract/email";
import {
  expect,
  fillSignupForm,
  firstDetail,
  gotoHydrated,
  makeStudent,
  nextAnswer,
  screenshotPath,
  signedUpToast,
  signUpByApi,
  signupApi,
  stopTime,
  test,
  toast,
} from "./fixtures.ts";

/** docs/spec.md §8: success toasts are teal (the site's --teal). */
const teal = "rgb(15, 125, 110)";

/** Two boxes on screen that share some pixels. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Home ships no framework (docs/decisions/027), so a sign-up on /join moves there by a full page load, and
 * home's inline script says what the sign-up page used to (docs/spec.md §8), from the note
 * /join leaves in session storage. A refusal first, as a student often meets one: its toast is
 * read out from a live region on the page from its first HTML (join-page.test.ts), and home's
 * own region reads the sign-up's. The page's time stands still until the test moves it.
 */
test("a sign-up on /join after a refusal loads home, which shows and reads both toasts in order for 2000 ms, clear of the header, and the notice", async ({
  page,
  request,
}, testInfo) => {
  const taken = makeStudent();
  await signUpByApi(request, taken);
  await gotoHydrated(page, "/join");
  await stopTime(page);
  // Not the taken account's password: the same address and password again is a repeat, let in.
  const student = makeStudent({ password: "my-own-long-password" });
  await fillSignupForm(page, { ...student, email: taken.email });
  const refusal = nextAnswer<ApiErrorBody>(page, signupApi);
  await page.getByRole("button", { name: joinPage.submit }).click();
  const region = page.locator("#announcements");
  await expect(region.locator("p")).toHaveText([firstDetail((await refusal).body, "email_taken")]);
  // The toast is not a live region of its own, or it would be read twice.
  await expect(page.locator(".toast-error [role=status]")).toHaveAttribute("aria-live", "off");

  await page.getByLabel(joinPage.labels.email).fill(student.email);
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
  await expect(page.locator(".toast-error")).toHaveCount(0);
  const [firstBox, secondBox] = [await first.boundingBox(), await second.boundingBox()];
  if (!firstBox || !secondBox) throw new Error("a toast has no box");
  expect(firstBox.y, "the server's message above how to go on").toBeLessThan(secondBox.y);
  const shown = page.locator(".toast-success");
  for (const one of await shown.all()) await expect(one).toHaveCSS("background-color", teal);
  await expect(region.locator("p")).toHaveText([signedUpToast(body), "Download the app and login"]);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await page.screenshot({ path: screenshotPath(testInfo, "home-after-signup-toasts") });

  const notice = page.getByRole("region", { name: checkEmail.heading });
  await expect(notice).toContainText(checkEmail.sentTo(maskEmail(student.email)));
  await expect(notice.getByRole("button", { name: checkEmail.resend })).toBeVisible();

  // The header's logo, its menu button (or its links, when wide) and the skip link stay free.
  await page.keyboard.press("Tab");
  for (const item of [
    page.locator(".site-header .logo"),
    page.locator(".site-header .menu-button:visible, .site-header .main-nav:visible"),
    page.getByRole("link", { name: skipLinkLabel }),
  ]) {
    const box = await item.first().boundingBox();
    if (!box) continue;
    for (const toastBox of [firstBox, secondBox])
      expect(overlap(box, toastBox), `a toast covers ${item}`).toBe(false);
  }

  // 2000 ms each, then a second to leave; the region keeps their words ten seconds, to be read.
  await page.clock.runFor(1999);
  await expect(shown).toHaveCount(2);
  await expect(page.locator(".toast-leaving")).toHaveCount(0);
  await page.clock.runFor(1);
  await expect(page.locator(".toast-leaving")).toHaveCount(2);
  await page.clock.runFor(1000);
  await expect(shown).toHaveCount(0);
  await expect(region.locator("p")).toHaveCount(2);
  await page.clock.runFor(7000);
  await expect(region.locator("p")).toHaveCount(0);

  // Shown once: a reload of home says nothing more, but keeps the notice until it is closed.
  await page.reload();
  await expect(page.locator(".toast")).toHaveCount(0);
  await expect(notice).toBeVisible();
});
