import { accountPageWords } from "@ysp/content/account";
import { answerWords } from "@ysp/content/answers";
import { emailChangeWords } from "@ysp/content/email-change";
import {
  confirmByLink,
  expect,
  expectMessageUnder,
  logIn,
  makeStudent,
  type Student,
  screenshotPath,
  signUpByApi,
  signupApi,
  test,
  uniqueTag,
} from "./fixtures.ts";
import { linkTo, waitForMail } from "./inbox.ts";

/**
 * A new login address from /change-email, for someone without the app at hand: the
 * link to the new address confirms it, the old address gets a way back, and the way back works,
 * each step a page of the site, with and without a script.
 */

const words = emailChangeWords;

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with its script" : "with no script", () => {
    test.use({ javaScriptEnabled });
    const shot = javaScriptEnabled ? "script" : "no-script";

    test("change the address after a wrong password, confirm it from the new inbox, and put it back from the old", async ({
      page,
      request,
    }, testInfo) => {
      const student: Student = makeStudent();
      await signUpByApi(request, student);
      // Confirmed, as a student's address is before it can be told of a change.
      await confirmByLink(request, student.email);

      const to = `ada.${uniqueTag()}@example.org`;
      await page.goto("/change-email");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.changeEmail.title);
      await page.screenshot({ path: screenshotPath(testInfo, `change-email-${shot}`) });
      await page.getByLabel(words.changeEmail.current).fill(student.email);
      await page.getByLabel(words.changeEmail.password).fill("not-my-password");
      await page.getByLabel(words.changeEmail.newEmail).fill(to);
      await page.getByRole("button", { name: words.changeEmail.submit }).click();
      // A wrong password comes back under its field, the addresses kept.
      const password = page.getByLabel(words.changeEmail.password);
      await expectMessageUnder(page, password, "Incorrect email or password");
      await expect(password).toHaveValue("");
      await expect(page.getByLabel(words.changeEmail.current)).toHaveValue(student.email);
      await expect(page.getByLabel(words.changeEmail.newEmail)).toHaveValue(to);
      await password.fill(student.password);
      await page.getByRole("button", { name: words.changeEmail.submit }).click();
      await expect(page).toHaveURL(/\/change-email\/sent$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        answerWords.emailChangeAsked.title,
      );
      // Nothing changes until the new address's link is used.
      expect((await logIn(request, student.email, student.password)).status()).toBe(200);

      await page.goto(
        linkTo(await waitForMail(to, "Confirm your new email"), "/change-email/confirm"),
      );
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.confirm.title);
      await page.screenshot({ path: screenshotPath(testInfo, `change-email-confirm-${shot}`) });
      await page.getByRole("button", { name: words.confirm.submit }).click();
      await expect(page).toHaveURL(/\/change-email\/done$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        answerWords.emailChanged.title,
      );
      await page.screenshot({ path: screenshotPath(testInfo, `change-email-done-${shot}`) });
      expect((await logIn(request, to, student.password)).status()).toBe(200);
      expect((await logIn(request, student.email, student.password)).status()).toBe(401);

      const told = await waitForMail(student.email, "Your YSP email was changed");
      await page.goto(linkTo(told, "/change-email/undo"));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(words.undo.title);
      await page.getByRole("button", { name: words.undo.submit }).click();
      await expect(page).toHaveURL(/\/change-email\/undone$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        answerWords.emailChangeUndone.title,
      );
      await page.screenshot({ path: screenshotPath(testInfo, `change-email-undone-${shot}`) });
      // Back, and the password whoever changed it knew logs in with neither address.
      expect((await logIn(request, student.email, student.password)).status()).toBe(401);
      expect((await logIn(request, to, student.password)).status()).toBe(401);
      const reset = await waitForMail(student.email, "Your email is back: choose a new password");
      linkTo(reset, "/reset-password");

      // The way back once more: a page saying why not, and whom to write to.
      await page.goto(linkTo(told, "/change-email/undo"));
      await page.getByRole("button", { name: words.undo.submit }).click();
      await expect(page.getByText(words.undo.stuck)).toBeVisible();
    });
  });
}

test("the new address gets the typo hint, and a tap puts it in", async ({ page }, testInfo) => {
  await page.goto("/change-email");
  const current = page.getByLabel(words.changeEmail.current);
  await current.fill("ada@gmial.com");
  await current.blur();
  // Only the new address is hinted: the current one is what the account holds, typo and all.
  await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
  const email = page.getByLabel(words.changeEmail.newEmail);
  await email.fill("ada@yaho.com");
  await email.blur();
  const suggestion = page.getByRole("button", { name: "Did you mean ada@yahoo.com?" });
  await expect(suggestion).toBeVisible();
  await page.screenshot({
    path: screenshotPath(testInfo, "typo-hint-change-email"),
    fullPage: true,
  });
  await suggestion.click();
  await expect(email).toHaveValue("ada@yahoo.com");
  await expect(email).toBeFocused();
});

test("an intruder who knew the password cannot keep the account: the undo wins", async ({
  page,
  request,
}, testInfo) => {
  const student: Student = makeStudent();
  await signUpByApi(request, student);
  await confirmByLink(request, student.email);

  // The intruder moves the account to an address of their own, then takes the old one.
  const to = `thief.${uniqueTag()}@example.org`;
  const asked = await request.post("/api/v1/auth/email-change/", {
    data: { email: student.email, password: student.password, new_email: to },
  });
  expect(asked.status()).toBe(202);
  const confirmLink = linkTo(
    await waitForMail(to, "Confirm your new email"),
    "/change-email/confirm",
  );
  const token = new URL(confirmLink, "http://localhost").searchParams.get("token");
  const confirmed = await request.post("/api/v1/auth/email-change/confirm/", { data: { token } });
  expect(confirmed.status()).toBe(200);
  const squat = await request.post(signupApi, { data: { ...student, password: "thief-2026-pw" } });
  expect(squat.status()).toBe(400);

  // The student taps "Put my old email back" on a phone.
  const told = await waitForMail(student.email, "Your YSP email was changed");
  await page.goto(linkTo(told, "/change-email/undo"));
  await page.screenshot({ path: screenshotPath(testInfo, "change-email-undo-intruder") });
  await page.getByRole("button", { name: words.undo.submit }).click();
  await expect(page).toHaveURL(/\/change-email\/undone$/);
  await expect(page.getByText(answerWords.emailChangeUndone.lines[0] ?? "")).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, "change-email-undone-intruder") });

  // The intruder's password is dead, no change can start, and another reset ends nothing.
  for (const email of [student.email, to])
    expect((await logIn(request, email, student.password)).status()).toBe(401);
  const again = await request.post("/api/v1/auth/email-change/", {
    data: { email: student.email, password: student.password, new_email: to },
  });
  expect(again.status()).toBe(400);
  const reset = await waitForMail(student.email, "Your email is back: choose a new password");
  expect(
    (
      await request.post("/api/v1/auth/password-reset/", { data: { email: student.email } })
    ).status(),
  ).toBe(202);
  await waitForMail(student.email, "Reset your password");

  // The reset the undo mailed still works, and the account is the student's again.
  await page.goto(linkTo(reset, "/reset-password"));
  await page.getByLabel(accountPageWords.resetPassword.label).fill("my-own-again-2026");
  await page.getByRole("button", { name: accountPageWords.resetPassword.submit }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    answerWords.passwordChanged.title,
  );
  expect((await logIn(request, student.email, "my-own-again-2026")).status()).toBe(200);
});
