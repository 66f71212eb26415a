import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { checkEmail } from "@ysp/content/join";
import { type ApiErrorBody, apiMessages, type SignupResponse } from "@ysp/contract";
import { maskEmail } from "@ysp/contract/email";
import { SignJWT } from "jose";
import { href } from "react-router";
import { e2eDatabaseUrl, query } from "./database.ts";
import {
  expect,
  expectMessageUnder,
  fillSignupForm,
  firstDetail,
  gotoHydrated,
  holdRequests,
  makeStudent,
  nextAnswer,
  type Student,
  screenshotPath,
  sessionEntriesLeft,
  signedUpToast,
  signUpByApi,
  signupApi,
  stopTime,
  storeSession,
  test,
  toast,
} from "./fixtures.ts";

/** These specs talk to the real server and database: no request is answered by the test. */

/** Presses Continue: the server's answer to the sign-up it sends. */
async function pressContinue<Body = SignupResponse>(page: Page) {
  const answer = nextAnswer<Body>(page, signupApi);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  return answer;
}

async function signUpInBrowser<Body = SignupResponse>(
  page: Page,
  student: Student,
  path = "/join",
) {
  await gotoHydrated(page, path);
  await fillSignupForm(page, student);
  return pressContinue<Body>(page);
}

test.describe("sign-up against the real service", () => {
  test("a student whose browser blocks site data still signs up", async ({ page, problems }) => {
    // What Chrome does when site data is blocked: reading either storage throws.
    await page.addInitScript(() => {
      for (const name of ["sessionStorage", "localStorage"])
        Object.defineProperty(window, name, {
          get: () => {
            throw new DOMException("Access is denied for this document.", "SecurityError");
          },
        });
    });
    const { status, body } = await signUpInBrowser(page, makeStudent());
    expect(status).toBe(201);
    await expect(toast(page, signedUpToast(body))).toBeVisible();
    await expect(page).toHaveURL("/");
    // React Router's scroll-restoration script logs and rethrows the refusal: Back then
    // restores no scroll position, and nothing else is affected. Only those two are allowed.
    const refused = /^(SecurityError: )?Access is denied for this document\.$/;
    expect(problems.errors.filter((error) => refused.test(error))).toHaveLength(2);
    problems.errors = problems.errors.filter((error) => !refused.test(error));
  });

  test("a new student signs up, lands home, and can log in", async ({
    page,
    request,
  }, testInfo) => {
    const student = makeStudent();
    const { body } = await signUpInBrowser(page, student);
    await expect(toast(page, signedUpToast(body))).toBeVisible();
    await expect(toast(page, "Download the app and login")).toBeVisible();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await page.screenshot({
      path: screenshotPath(testInfo, "signed-up-toasts"),
    });

    const login = await request.post("/api/v1/auth/login/", {
      data: { email: student.email, password: student.password },
    });
    expect(login.status()).toBe(200);
    expect((await login.json()).user).toMatchObject({
      email: student.email,
      first_name: student.first_name,
      user_type: "STUDENT",
    });
    if (e2eDatabaseUrl()) {
      const rows = await query<{ first_name: string }>(
        "select first_name from users where email = $1",
        [student.email],
      );
      expect(rows).toEqual([{ first_name: student.first_name }]);
    }
  });

  test("an email someone already signed up with shows the server's detail and keeps the form", async ({
    page,
    request,
  }) => {
    const student = makeStudent();
    await signUpByApi(request, student);
    const { body } = await signUpInBrowser<ApiErrorBody>(page, {
      ...student,
      email: student.email.toUpperCase(),
      password: "another-password",
    });
    await expect(page.locator(".toast-error")).toHaveText(firstDetail(body, "email_taken"));
    await expect(page).toHaveURL("/join");
  });

  test("screen readers hear every toast, from a live region that was on the page from the start", async ({
    page,
    request,
  }) => {
    const prerendered = await (await request.get("/join")).text();
    expect(prerendered).toMatch(/<div[^>]*aria-live="polite"[^>]*id="announcements"[^>]*><\/div>/);

    const taken = makeStudent();
    await signUpByApi(request, taken);
    // Time stands still: the messages leave only when the test moves it on.
    await stopTime(page);
    const refused = await signUpInBrowser<ApiErrorBody>(page, {
      ...taken,
      password: "another-password",
    });
    const emailTaken = firstDetail(refused.body, "email_taken");
    const region = page.locator("#announcements");
    await expect(region.locator("p")).toHaveText([emailTaken]);
    // The toast is not a live region of its own, or it would be read twice.
    await expect(page.locator(".toast-error [role=status]")).toHaveAttribute("aria-live", "off");

    await page.getByLabel("Email").fill(makeStudent().email);
    const { body } = await pressContinue(page);
    // Home comes by a full page load: its own region, there from its first HTML, reads its toasts.
    await expect(page).toHaveURL("/");
    await expect(region.locator("p")).toHaveText([
      signedUpToast(body),
      "Download the app and login",
    ]);
    // Each is kept ten seconds, long enough to be read out, then the region empties.
    await page.clock.fastForward(10_000);
    await expect(region.locator("p")).toHaveCount(0);
  });

  test("an invite link records who referred the student", async ({ page, request }) => {
    const referrer = await signUpByApi(request, makeStudent());
    const friend = makeStudent();
    // The code is read before Continue: once the answer comes, the page moves home.
    await gotoHydrated(page, `/join/${referrer.user.referral_code}`);
    await fillSignupForm(page, friend);
    await expect(page.getByLabel("Invite code")).toHaveValue(referrer.user.referral_code);
    const { body } = await pressContinue(page);
    await expect(toast(page, signedUpToast(body))).toBeVisible();
    await expect(page).toHaveURL("/");
    test.skip(
      !e2eDatabaseUrl(),
      "the server runs on PGlite here, so the row cannot be read from the test",
    );
    const rows = await query<{ referred_by: string }>(
      "select referred_by from users where email = $1",
      [friend.email],
    );
    expect(rows).toEqual([{ referred_by: referrer.user.id }]);
  });

  test("an unknown invite code gets a clear message and a way on without it", async ({
    page,
    request,
  }, testInfo) => {
    const student = makeStudent();
    await signUpInBrowser(page, student, "/join/NOPE");
    await expect(page.locator(".toast-error")).toHaveText(apiMessages.referralFormat);
    await expect(page).toHaveURL("/join/NOPE");
    // The way on sends what was typed, without the code.
    const onward = page.getByRole("button", { name: "Continue without an invite code" });
    await onward.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(testInfo, "invite-rejected") });
    const answer = nextAnswer<SignupResponse>(page, signupApi);
    await onward.click();
    const { body } = await answer;
    await expect(toast(page, signedUpToast(body))).toBeVisible();
    const login = await request.post("/api/v1/auth/login/", {
      data: { email: student.email, password: student.password },
    });
    expect(login.status()).toBe(200);
  });
});

/** Holds every script file back, as a slow link does. */
const holdScripts = (page: Page) => holdRequests(page, "**/*.js");

test.describe("sign-up before the page's script has loaded", () => {
  test("Continue posts the form: the account is made, and the password never enters the address", async ({
    page,
    request,
  }, testInfo) => {
    const release = await holdScripts(page);
    try {
      const referrer = await signUpByApi(request, makeStudent());
      const student = makeStudent();
      await page.goto(`/join/${referrer.user.referral_code}`, { waitUntil: "commit" });
      await expect(page.getByLabel("Invite code")).toHaveValue(referrer.user.referral_code);
      await fillSignupForm(page, student);
      const posted = page.waitForRequest((r) => r.method() === "POST");
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      const sent = await posted;
      // To the page's own address, which names the form and nothing that was typed.
      expect(new URL(sent.url()).pathname).toBe(`/join/${referrer.user.referral_code}`);
      expect(new URL(sent.url()).search).toBe("?form=sign-up");
      expect(new URLSearchParams(sent.postData() ?? "").get("referral_code")).toBe(
        referrer.user.referral_code,
      );
      await expect(page).toHaveURL("/signed-up");
      await expect(page.getByText(checkEmail.sentTo(maskEmail(student.email)))).toBeVisible();
      expect(page.url()).not.toContain(student.password);
      await page.screenshot({ path: screenshotPath(testInfo, "signed-up-without-script") });
      const login = await request.post("/api/v1/auth/login/", {
        data: { email: student.email, password: student.password },
      });
      expect(login.status()).toBe(200);
      await page.getByRole("link", { name: "Go to the home page" }).click();
      await expect(page).toHaveURL("/");
    } finally {
      release();
    }
  });

  test("a problem the server finds comes back as the form, under its field, what was typed kept", async ({
    page,
    request,
  }) => {
    const release = await holdScripts(page);
    try {
      const student = makeStudent();
      await signUpByApi(request, student);
      const again = { ...student, password: "another-password" };
      // What the API says to the same mistake: the page must say the same.
      const refused = await request.post(signupApi, {
        data: { ...again, user_type: "STUDENT", referral_code: "" },
      });
      const emailTaken = firstDetail((await refused.json()) as ApiErrorBody, "email_taken");
      await page.goto(href("/join/:id?"), { waitUntil: "commit" });
      await fillSignupForm(page, again);
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to YSP");
      expect(new URL(page.url()).pathname).toBe("/join");
      await expectMessageUnder(page, page.getByLabel("Email"), emailTaken);
      await expect(page.getByLabel("First name")).toHaveValue(student.first_name);
      await expect(page.getByLabel("Email")).toHaveValue(student.email);
      await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    } finally {
      release();
    }
  });

  test("empty fields are stopped by the browser: nothing is sent", async ({ page }) => {
    const release = await holdScripts(page);
    try {
      let sent = 0;
      page.on("request", (r) => {
        if (new URL(r.url()).pathname === signupApi) sent++;
      });
      await page.goto(href("/join/:id?"), { waitUntil: "commit" });
      await page.getByLabel("Last name").fill("Nwosu");
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await expect(page.getByLabel("First name")).toBeFocused();
      expect(
        await page
          .getByLabel("First name")
          .evaluate((input: HTMLInputElement) => input.validity.valueMissing),
      ).toBe(true);
      expect(sent).toBe(0);
      await expect(page).toHaveURL("/join");
    } finally {
      release();
    }
  });

  test("what was typed before the script arrived is kept, and then signs up as usual", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    const student = makeStudent();
    await page.goto(href("/join/:id?"), { waitUntil: "commit" });
    await fillSignupForm(page, student);
    await page.getByLabel("Password", { exact: true }).focus();
    release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByLabel("First name")).toHaveValue(student.first_name);
    await expect(page.getByLabel("Last name")).toHaveValue(student.last_name);
    await expect(page.getByLabel("Email")).toHaveValue(student.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(student.password);
    const { body } = await pressContinue(page);
    await expect(toast(page, signedUpToast(body))).toBeVisible();
    await expect(page).toHaveURL("/");
  });

  test("Continue pressed twice: the second post finds the account the first made, and says so kindly", async ({
    page,
    request,
  }) => {
    const release = await holdScripts(page);
    const student = makeStudent();
    try {
      await page.goto(href("/join/:id?"), { waitUntil: "commit" });
      await fillSignupForm(page, student);
      // The first post reached the server; its answer was lost when the student pressed again.
      await signUpByApi(request, student);
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await expect(page).toHaveURL("/signed-up");
      await expect(page.getByText(checkEmail.sentTo(maskEmail(student.email)))).toBeVisible();
    } finally {
      release();
    }
    test.skip(
      !e2eDatabaseUrl(),
      "the server runs on PGlite here, so the accounts cannot be counted from the test",
    );
    const accounts = await query<{ count: number }>(
      "select count(*)::int as count from users where lower(email) = lower($1)",
      [student.email],
    );
    expect(accounts).toEqual([{ count: 1 }]);
  });
});

test.describe("the token path against the real service", () => {
  const secret = () =>
    readFileSync(join(process.env.E2E_DATA_DIR ?? "", "jwt-secret"), "utf8").trim();

  async function expiredAccessToken(userId: string) {
    const issued = Math.floor(Date.now() / 1000) - 3600;
    return new SignJWT({ typ: "access" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(userId)
      .setIssuer("ysp-api")
      .setIssuedAt(issued)
      .setExpirationTime(issued + 900)
      .sign(new TextEncoder().encode(secret()));
  }

  test("an expired access token: one refresh, then /me repeated with the new bearer", async ({
    page,
    request,
  }) => {
    const student = makeStudent();
    const session = await signUpByApi(request, student);
    const expired = await expiredAccessToken(session.user.id);
    const calls: { url: string; auth?: string; status?: number }[] = [];
    page.on("response", (response) => {
      const url = new URL(response.url()).pathname;
      if (url.includes("/auth/"))
        calls.push({
          url,
          auth: response.request().headers().authorization,
          status: response.status(),
        });
    });
    await page.goto(href("/faqs"));
    await storeSession(page, { accessToken: expired, refreshToken: session.refresh });
    await gotoHydrated(page, href("/join/:id?"));
    await expect(
      page.getByRole("status").filter({ hasText: `logged in as ${student.email}` }),
    ).toBeVisible();

    expect(calls.map((c) => [c.url, c.status])).toEqual([
      ["/api/v1/auth/me/", 401],
      ["/auth/refresh/", 200],
      ["/api/v1/auth/me/", 200],
    ]);
    expect(calls[0]?.auth).toBe(`Bearer ${expired}`);
    const fresh = await page.evaluate(() => sessionStorage.getItem("accessToken"));
    expect(fresh).not.toBe(expired);
    expect(calls[2]?.auth).toBe(`Bearer ${fresh}`);
  });

  test("a revoked refresh token clears both storages and reloads the page", async ({
    page,
    request,
  }) => {
    const session = await signUpByApi(request, makeStudent());
    // A token two rotations old presented again is a stolen copy: its whole family is revoked.
    const refresh = (token: string) => request.post("/auth/refresh/", { data: { refresh: token } });
    const first = await refresh(session.refresh);
    expect(first.status()).toBe(200);
    expect((await refresh(((await first.json()) as { refresh: string }).refresh)).status()).toBe(
      200,
    );
    expect((await refresh(session.refresh)).status()).toBe(401);

    // Time stands still, so the reload waits for the test to move it on.
    await stopTime(page);
    await page.goto(href("/faqs"));
    await storeSession(
      page,
      {
        accessToken: await expiredAccessToken(session.user.id),
        refreshToken: session.refresh,
        user: "{}",
      },
      ["sessionStorage", "localStorage"],
    );
    await gotoHydrated(page, href("/join/:id?"));
    await expect(toast(page, "Unable to refresh access token")).toBeVisible();
    expect(await sessionEntriesLeft(page)).toEqual([]);
    const reloaded = page.waitForEvent("load");
    await page.clock.runFor(1_500);
    await reloaded;
    expect(await sessionEntriesLeft(page)).toEqual([]);
    await expect(page.getByRole("heading", { name: "Welcome to YSP" })).toBeVisible();
  });
});
