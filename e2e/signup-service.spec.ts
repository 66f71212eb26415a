import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { apiMessages, type SignupResponse } from "@ysp/contract";
import { SignJWT } from "jose";
import { href } from "react-router";
import {
  expect,
  fillSignupForm,
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

/** Opens the sign-up page at `path`, fills the student in and presses Continue. */
async function signUpInBrowser(page: Page, student: Student, path: string) {
  await gotoHydrated(page, path);
  await fillSignupForm(page, student);
  return pressContinue(page);
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
    await gotoHydrated(page, "/join");
    // No note can cross the load home: the toasts show here, and home follows once their
    // 2000 ms are up (docs/spec.md §8), in the page's time, which the test moves.
    await stopTime(page);
    await fillSignupForm(page, makeStudent());
    const { status, body } = await pressContinue(page);
    expect(status).toBe(201);
    await expect(toast(page, signedUpToast(body))).toBeVisible();
    await expect(page).toHaveURL("/join");
    await page.clock.runFor(2000);
    await expect(page).toHaveURL("/");
    // React Router's scroll-restoration script logs and rethrows the refusal: Back then
    // restores no scroll position, and nothing else is affected. Only those two are allowed.
    const refused = /^(SecurityError: )?Access is denied for this document\.$/;
    expect(problems.errors.filter((error) => refused.test(error))).toHaveLength(2);
    problems.errors = problems.errors.filter((error) => !refused.test(error));
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
