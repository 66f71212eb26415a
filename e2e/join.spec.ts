import type { Page, Route } from "@playwright/test";
import {
  type ApiErrorBody,
  apiMessages,
  emailMessages,
  nameMessages,
  type SignupResponse,
  signupMessages,
} from "@ysp/contract";
import { href } from "react-router";
import {
  expect,
  expectMessageUnder,
  expectNoAxeViolations,
  fillSignupForm,
  gotoHydrated,
  holdRequests,
  loggedInUser,
  makeStudent,
  nextAnswer,
  screenshotPath,
  signedUpToast,
  signUpByApi,
  signupApi,
  test,
  toast,
} from "./fixtures.ts";

/**
 * The sign-up form against the real server. A route answers only what the
 * server cannot be made to send: a stall, two refusals at once. A lost connection's toast is
 * toasts.spec.ts's; the words of a failure without a detail, api-client.test.ts's.
 */

const signupPath = `**${signupApi}`;
const isSignup = (url: string) => new URL(url).pathname === signupApi;

/** Sign-up posts the page sends, counted as they leave. */
function countSignups(page: Page) {
  const sent = { count: 0 };
  page.on("request", (request) => {
    if (isSignup(request.url())) sent.count++;
  });
  return sent;
}

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });

test.describe("sign-up form", () => {
  test("the password toggle shows and hides the password", async ({ page }) => {
    await gotoHydrated(page, href("/join/:id?"));
    const password = page.getByLabel("Password", { exact: true });
    const toggle = page.getByRole("button", { name: "Show password" });
    await password.fill("secret-words");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await toggle.click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("validates on submit, then on every change, with messages tied to fields", async ({
    page,
  }) => {
    const signups = countSignups(page);
    await gotoHydrated(page, href("/join/:id?"));
    await page.getByLabel("First name").fill("Ada");
    await expect(page.getByText("Please enter your last name")).toHaveCount(0);

    // What a screen reader meets when focus lands: the field must already carry its message.
    await page.evaluate(() => {
      document.addEventListener("focusin", (event) => {
        const input = event.target as HTMLInputElement;
        if (input.name === "last_name")
          document.body.dataset.focusedWith = `${input.getAttribute("aria-invalid")} ${
            document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent
          }`;
      });
    });
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expect(page.locator("body")).toHaveAttribute(
      "data-focused-with",
      "true Please enter your last name",
    );
    const messages = {
      "Last name": "Please enter your last name",
      Email: "Please enter your email",
      Password: "Please enter your password",
    } as const;
    for (const [label, message] of Object.entries(messages)) {
      const input = page.getByLabel(label, { exact: true });
      await expect(input).toHaveAttribute("aria-invalid", "true");
      // The password's is read after its hint, "At least 8 characters".
      await expect(input).toHaveAccessibleDescription(new RegExp(`${message}$`));
    }
    await expect(page.getByText("Please enter your first name")).toHaveCount(0);
    await expect(page.getByLabel("Last name")).toBeFocused();
    await expectNoAxeViolations(page);

    await page.getByLabel("First name").fill("");
    await expect(page.getByLabel("First name")).toHaveAccessibleDescription(
      "Please enter your first name",
    );
    await page.getByLabel("Last name").fill("Bello");
    await expect(page.getByText("Please enter your last name")).toHaveCount(0);
    expect(signups.count).toBe(0);
  });

  test("one press of Continue says every problem the server would, an address in disguise too", async ({
    page,
  }, testInfo) => {
    const signups = countSignups(page);
    await gotoHydrated(page, "/join");
    await fillSignupForm(
      page,
      makeStudent({ first_name: "Ada2", last_name: "", password: "abc12" }),
    );
    await page.getByLabel("Email").fill("ada@example");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    const first = page.getByLabel("First name");
    await expectMessageUnder(page, first, nameMessages.notAName("First name"));
    await expectMessageUnder(page, page.getByLabel("Last name"), signupMessages.last_name);
    await expectMessageUnder(page, page.getByLabel("Email"), emailMessages.invalid);
    await expectMessageUnder(
      page,
      page.getByLabel("Password", { exact: true }),
      apiMessages.passwordShort,
    );
    await expect(first).toBeFocused();
    await page.screenshot({ path: screenshotPath(testInfo, "join-every-problem"), fullPage: true });

    // One address in disguise, which mail software would deliver elsewhere: refused beside its field.
    const email = page.getByLabel("Email");
    for (const disguised of ["kid@x.com,", "<kid@x.com>", "a@x.com;b@y.com", "a@x.com (c)"]) {
      await fillSignupForm(page, makeStudent({ email: disguised }));
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(email).toHaveAccessibleDescription(emailMessages.invalid);
      await expect(email).toBeFocused();
    }
    expect(signups.count).toBe(0);
  });

  test("success: the spec's payload with the route's invite code, two toasts, home, and a login", async ({
    page,
    request,
  }) => {
    const referrer = await signUpByApi(request, makeStudent());
    const code = referrer.user.referral_code;
    await gotoHydrated(page, `/join/${code}`);
    // A name with its tone marks, decomposed as some phone keyboards type it: sent as typed.
    const student = await fillSignupForm(
      page,
      makeStudent({ first_name: "Ade\u0301ba\u0301yo\u0323\u0300", last_name: "N’Dri-Ọláolúwa" }),
    );
    const posted = page.waitForRequest((r) => isSignup(r.url()));
    const answer = nextAnswer<SignupResponse>(page, signupApi);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    expect((await posted).postDataJSON()).toEqual({
      email: student.email,
      password: student.password,
      user_type: "STUDENT",
      first_name: student.first_name,
      last_name: student.last_name,
      referral_code: code,
    });
    const { status, body } = await answer;
    expect(status).toBe(201);
    await expect(toast(page, signedUpToast(body))).toBeVisible();
    await expect(toast(page, "Download the app and login")).toBeVisible();
    await expect(page).toHaveURL("/");
    // The account logs in with what was typed, the name composed to one form by the API.
    expect(await loggedInUser(request, student)).toMatchObject({
      email: student.email,
      first_name: "Adébáyọ̀",
      last_name: "N’Dri-Ọláolúwa",
      user_type: "STUDENT",
    });
  });

  test("pending: a loading state, and no second submission", async ({ page }) => {
    const signups = countSignups(page);
    const release = await holdRequests(page, signupPath);
    await gotoHydrated(page, href("/join/:id?"));
    await fillSignupForm(page, makeStudent());
    const button = page.getByRole("button", { name: /Continue/ });
    const answer = nextAnswer<SignupResponse>(page, signupApi);
    await button.click();
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(button).toBeFocused();
    await expect(
      page.getByRole("status").filter({ hasText: "Creating your account…" }),
    ).toHaveCount(1);
    await expect(page.locator("form")).toHaveAttribute("aria-busy", "true");
    await page.locator("form").evaluate((form: HTMLFormElement) => form.requestSubmit());
    release();
    await expect(toast(page, signedUpToast((await answer).body))).toBeVisible();
    await expect(page).toHaveURL("/");
    expect(signups.count).toBe(1);
  });

  test("a server error shows its first detail only, and keeps the form", async ({ page }) => {
    // The form says everything the server checks before it posts, so the real server refuses
    // one field at a time; two at once are answered here, as the error shape allows.
    const refusal: ApiErrorBody = {
      type: "validation_error",
      errors: [
        { code: "email_taken", detail: "First: the address", attr: "email" },
        { code: "invalid_referral_code", detail: "Second: the code", attr: "referral_code" },
      ],
    };
    await page.route(signupPath, (route) => json(route, 400, refusal));
    const student = makeStudent();
    const joinAt = href("/join/:id?", { id: "K7QX9M" });
    await gotoHydrated(page, joinAt);
    await fillSignupForm(page, student);
    const button = page.getByRole("button", { name: "Continue", exact: true });
    await button.click();
    await expect(page.locator(".toast-error")).toHaveText("First: the address");
    await expect(page.getByText("Second: the code")).toHaveCount(0);
    await expect(page).toHaveURL(joinAt);
    await expect(page.getByLabel("First name")).toHaveValue(student.first_name);
    await expect(page.getByLabel("Email")).toHaveValue(student.email);
    await expect(button).not.toHaveAttribute("aria-disabled");
    // The refused field takes the focus, with the message under it.
    await expect(page.getByLabel("Email")).toBeFocused();
  });

  test("an invite link's form: its fields, the code read-only, all kept after reading the terms", async ({
    page,
  }) => {
    await gotoHydrated(page, href("/join/:id?", { id: "K7QX9M" }));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to YSP");
    await expect(page.getByText("Complete the form to register")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    const invite = page.getByLabel("Invite code");
    await expect(invite).toHaveValue("K7QX9M");
    await expect(invite).not.toBeEditable();
    await expect(page.locator("header.site-header, footer.site-footer")).toHaveCount(0);

    const student = await fillSignupForm(page, makeStudent());
    await page.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
    await page.goBack();
    await expect(page.getByLabel("First name")).toHaveValue(student.first_name);
    await expect(page.getByLabel("Last name")).toHaveValue(student.last_name);
    await expect(page.getByLabel("Email")).toHaveValue(student.email);
    await expect(page.getByLabel("Invite code")).toHaveValue("K7QX9M");
  });

  test("a stalled line: after 30 s the form says so, keeps everything, and can be sent again", async ({
    page,
  }) => {
    let calls = 0;
    let firstArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      firstArrived = resolve;
    });
    // Never answered, as a request lost on a mobile line; the second attempt reaches the server.
    await page.route(signupPath, (route) => {
      if (++calls > 1) return route.fallback();
      firstArrived();
    });
    await page.clock.install();
    await gotoHydrated(page, href("/join/:id?"));
    const student = await fillSignupForm(page, makeStudent());
    const button = page.getByRole("button", { name: "Continue", exact: true });
    await button.click();
    await expect(button).toHaveAttribute("aria-disabled", "true");
    // Time jumps only once the request is on its way, or it would be given up before it left.
    await arrived;
    await page.clock.fastForward(30_000);
    await expect(page.locator(".toast-error")).toHaveText(
      "The connection is too slow or was lost. Please check your data connection and try again.",
    );
    await expect(button).not.toHaveAttribute("aria-disabled");
    await expect(page.getByLabel("Email")).toHaveValue(student.email);
    const answer = nextAnswer<SignupResponse>(page, signupApi);
    await button.click();
    await expect(toast(page, signedUpToast((await answer).body))).toBeVisible();
    await expect(page).toHaveURL("/");
    expect(calls).toBe(2);
  });
});
