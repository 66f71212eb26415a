import { answerWords } from "@ysp/content/answers";
import { accountMessages, type LoginResponse, linkProblems, type PublicUser } from "@ysp/contract";
import { e2eDatabaseUrl, query } from "./database.ts";
import {
  expect,
  fillSignupForm,
  gotoHydrated,
  logIn,
  makeStudent,
  type Student,
  screenshotPath,
  signUpByApi,
  test,
} from "./fixtures.ts";
import { linkIn, mailTo, waitForMail } from "./inbox.ts";

/**
 * The whole way through, with real parts: the browser on the built site, the
 * server, its database, and a real SMTP server whose messages the test reads.
 */

const confirmSubject = "Confirm your email";
const resetSubject = "Reset your password";

test("sign up, open the link in the mail, and the address is confirmed", async ({
  page,
  request,
}, testInfo) => {
  const student = makeStudent();
  await gotoHydrated(page, "/join");
  await fillSignupForm(page, student);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  // The form goes home once its success toast has shown; the mail can come
  // first, and a link opened before that would be cut off by it.
  await expect(page).toHaveURL("/");
  const mail = await waitForMail(student.email, confirmSubject);
  expect(mail.text).toContain(`Hi ${student.first_name},`);
  expect(mail.text).not.toContain(student.password);

  await page.goto(linkIn(mail));
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page).toHaveURL(/\/email-confirmed$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(accountMessages.emailConfirmed);
  await page.screenshot({ path: screenshotPath(testInfo, "email-confirmed") });

  const login = (await (
    await logIn(request, student.email, student.password)
  ).json()) as LoginResponse;
  expect(login.user.email_verified).toBe(true);
  const me = await request.get("/api/v1/auth/me/", {
    headers: { authorization: `Bearer ${login.access}` },
  });
  expect(((await me.json()) as PublicUser).email_verified).toBe(true);

  // The same link again: a page that says so, with the way to a new link.
  await page.goto(linkIn(mail));
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByText(linkProblems.link_used)).toBeVisible();
  await expect(page.getByRole("link", { name: "Get a new link" })).toHaveAttribute(
    "href",
    "/verify-email?new-link#new-link",
  );
});

test("forgot password: the link sets a new one, and the old password and sessions end", async ({
  page,
  request,
}, testInfo) => {
  const student: Student = makeStudent();
  await signUpByApi(request, student);
  const before = (await (
    await logIn(request, student.email, student.password)
  ).json()) as LoginResponse;

  await page.goto("/join");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(student.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByText(accountMessages.resetLinkSent)).toBeVisible();

  const mail = await waitForMail(student.email, resetSubject);
  await page.goto(linkIn(mail));
  const newPassword = "a-brand-new-password-7";
  await page.getByLabel("New password", { exact: false }).fill(newPassword);
  await page.screenshot({ path: screenshotPath(testInfo, "reset-password-filled") });
  await page.getByRole("button", { name: "Change password" }).click();
  // The page it lands on (a 303: the reset page posts without a framework script).
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    answerWords.passwordChanged.title,
  );
  await expect(page.getByText(answerWords.passwordChanged.lines[0] as string)).toBeVisible();

  expect((await logIn(request, student.email, student.password)).status()).toBe(401);
  expect((await logIn(request, student.email, newPassword)).status()).toBe(200);
  const refresh = await request.post("/api/v1/auth/refresh/", {
    data: { refresh: before.refresh },
  });
  expect(refresh.status()).toBe(401);
  await waitForMail(student.email, "Your password was changed");
});

test("an unknown address gets the same page as a known one, and no mail", async ({
  page,
  request,
}) => {
  const known = makeStudent();
  await signUpByApi(request, known);
  const unknown = makeStudent().email;
  const answers: string[] = [];
  for (const email of [unknown, known.email]) {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    answers.push(await page.locator("main").innerText());
  }
  expect(answers[0]).toBe(answers[1]);
  // Asked for after the unknown address: once its message is here, the other would be too.
  await waitForMail(known.email, resetSubject);
  expect(mailTo(unknown, resetSubject)).toEqual([]);
  if (e2eDatabaseUrl())
    expect(
      await query(
        "select 1 from mail_outbox m join users u on u.id = m.user_id where u.email = $1",
        [unknown],
      ),
    ).toEqual([]);
});

test("an expired link says so and offers a new one", async ({ page, request }) => {
  test.skip(!e2eDatabaseUrl(), "the test ages the link in PostgreSQL; the server runs on PGlite");
  const student = makeStudent();
  await signUpByApi(request, student);
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(student.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  const mail = await waitForMail(student.email, resetSubject);
  await query(
    `update account_links set expires_at = now() - interval '1 minute'
     where user_id = (select id from users where email = $1) and purpose = 'reset_password'`,
    [student.email],
  );
  await page.goto(linkIn(mail));
  await page.getByLabel("New password", { exact: false }).fill("never-used-password-1");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText(linkProblems.link_expired)).toBeVisible();
  await page.getByRole("link", { name: "Get a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
