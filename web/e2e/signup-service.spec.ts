import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { SignJWT } from "jose";
import { e2eDatabaseUrl, query } from "./database.ts";
import { expect, gotoHydrated, holdRequests, screenshotPath, test, toast } from "./fixtures.ts";

/** These specs talk to the real server and database: no request is answered by the test. */

let sequence = 0;
const makeStudent = () => ({
  first_name: "Ifeoma",
  last_name: "Nwosu",
  email: `ifeoma.${process.pid}.${Date.now()}.${sequence++}@example.com`,
  password: "study-hard-2026",
});
type Student = ReturnType<typeof makeStudent>;

async function signUpInBrowser(page: Page, student: Student, path = "/join") {
  await gotoHydrated(page, path);
  await page.getByLabel("First name").fill(student.first_name);
  await page.getByLabel("Last name").fill(student.last_name);
  await page.getByLabel("Email").fill(student.email);
  await page.getByLabel("Password", { exact: true }).fill(student.password);
  await page.getByRole("button", { name: "Continue" }).click();
}

async function signUpByApi(request: APIRequestContext, student: Student) {
  const response = await request.post("/api/v1/auth/signup/", {
    data: { ...student, user_type: "STUDENT", referral_code: "" },
  });
  expect(response.status()).toBe(201);
  const login = await request.post("/api/v1/auth/login/", {
    data: { email: student.email, password: student.password },
  });
  expect(login.status()).toBe(200);
  return (await login.json()) as {
    access: string;
    refresh: string;
    user: { id: string; referral_code: string };
  };
}

test.describe("sign-up against the real service", () => {
  test("a new student signs up, lands home, and can log in", async ({
    page,
    request,
  }, testInfo) => {
    const student = makeStudent();
    await signUpInBrowser(page, student);
    await expect(toast(page, "Account created successfully 👍")).toBeVisible();
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
      first_name: "Ifeoma",
      user_type: "STUDENT",
    });
    if (e2eDatabaseUrl()) {
      const rows = await query<{ first_name: string }>(
        "select first_name from users where email = $1",
        [student.email],
      );
      expect(rows).toEqual([{ first_name: "Ifeoma" }]);
    }
  });

  test("an email someone already signed up with shows the server's detail and keeps the form", async ({
    page,
    request,
  }) => {
    const student = makeStudent();
    await signUpByApi(request, student);
    await signUpInBrowser(page, {
      ...student,
      email: student.email.toUpperCase(),
      password: "another-password",
    });
    await expect(page.locator(".toast-error")).toHaveText(
      "An account with this email already exists. Log in in the app instead.",
    );
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
    await signUpInBrowser(page, { ...taken, password: "another-password" });
    const region = page.locator("#announcements");
    await expect(region.locator("p")).toHaveText([
      "An account with this email already exists. Log in in the app instead.",
    ]);
    // The toast is not a live region of its own, or it would be read twice.
    await expect(page.locator(".toast-error [role=status]")).toHaveAttribute("aria-live", "off");

    await page.getByLabel("Email").fill(makeStudent().email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL("/");
    await expect(region.locator("p")).toHaveText([
      "An account with this email already exists. Log in in the app instead.",
      "Account created successfully 👍",
      "Download the app and login",
    ]);
    await expect(region.locator("p")).toHaveCount(0, { timeout: 15_000 });
  });

  test("an invite link records who referred the student", async ({ page, request }) => {
    const referrer = await signUpByApi(request, makeStudent());
    const friend = makeStudent();
    await signUpInBrowser(page, friend, `/join/${referrer.user.referral_code}`);
    await expect(page.getByLabel("Invite code")).toHaveValue(referrer.user.referral_code);
    await expect(toast(page, "Account created successfully 👍")).toBeVisible();
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
    await expect(page.locator(".toast-error")).toHaveText(
      "This invite link is not valid. You can still sign up at /join without an invite code.",
    );
    await expect(page).toHaveURL("/join/NOPE");
    const onward = page.getByRole("link", { name: "Continue without an invite code" });
    await onward.scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshotPath(testInfo, "invite-rejected") });
    await onward.click();
    await expect(page).toHaveURL("/join");
    await expect(page.getByLabel("Invite code")).toHaveValue("");
    await expect(page.getByLabel("Email")).toHaveValue(student.email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(toast(page, "Account created successfully 👍")).toBeVisible();
    const login = await request.post("/api/v1/auth/login/", {
      data: { email: student.email, password: student.password },
    });
    expect(login.status()).toBe(200);
  });

  test("the newsletter subscribes with a toast, and says so kindly the second time", async ({
    page,
  }) => {
    const email = makeStudent().email;
    await gotoHydrated(page, "/");
    const footer = page.locator("footer");
    await footer.getByLabel(/email/i).fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.locator(".toast-success")).toHaveText(/You're subscribed/);
    await expect(footer.getByLabel(/email/i)).toHaveValue("");

    await gotoHydrated(page, "/login");
    await footer.getByLabel(/email/i).fill(email.toUpperCase());
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.locator(".toast-success")).toHaveText(/already subscribed/);
  });

  test("pages without JavaScript subscribe with a plain form post and a readable answer", async ({
    page,
  }) => {
    const email = makeStudent().email;
    await page.goto("/faqs");
    const footer = page.locator("footer");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL("/faqs");
    expect(
      await footer.getByLabel(/email/i).evaluate((input: HTMLInputElement) => input.validity.valid),
    ).toBe(false);

    await footer.getByLabel(/email/i).fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
    await page.getByRole("link", { name: "Back to the page you were on" }).click();
    await expect(page).toHaveURL("/faqs");

    await page.goto("/terms-of-service");
    await footer.getByLabel(/email/i).fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're already subscribed");
    await expect(page.getByRole("link", { name: "Back to the page you were on" })).toHaveAttribute(
      "href",
      "/terms-of-service",
    );
  });
});

/** Holds the site's script files back, as a slow link does. */
const holdScripts = (page: Page) => holdRequests(page, "**/assets/*.js");

async function fillSignup(page: Page, student: Student) {
  await page.getByLabel("First name").fill(student.first_name);
  await page.getByLabel("Last name").fill(student.last_name);
  await page.getByLabel("Email").fill(student.email);
  await page.getByLabel("Password", { exact: true }).fill(student.password);
}

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
      await fillSignup(page, student);
      const posted = page.waitForRequest((r) => r.url().includes("/api/v1/auth/signup/"));
      await page.getByRole("button", { name: "Continue" }).click();
      const sent = await posted;
      expect(sent.method()).toBe("POST");
      expect(new URL(sent.url()).search).toBe("");
      expect(new URLSearchParams(sent.postData() ?? "").get("referral_code")).toBe(
        referrer.user.referral_code,
      );
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to YSP");
      await expect(page.getByText("Account created successfully 👍")).toBeVisible();
      await expect(page.getByText("Download the app and login")).toBeVisible();
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

  test("a problem the server finds is shown on a page that leads back to the form", async ({
    page,
    request,
  }) => {
    const release = await holdScripts(page);
    try {
      const student = makeStudent();
      await signUpByApi(request, student);
      await page.goto("/join", { waitUntil: "commit" });
      await fillSignup(page, { ...student, password: "another-password" });
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Please check and try again",
      );
      await expect(
        page.getByText("An account with this email already exists. Log in in the app instead."),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to the form" })).toHaveAttribute(
        "href",
        "/join",
      );
      await page.getByRole("link", { name: "Back to the form" }).click();
      await expect(page).toHaveURL("/join");
      await expect(page.getByLabel("First name")).toHaveValue(student.first_name);
      await expect(page.getByLabel("Email")).toHaveValue(student.email);
    } finally {
      release();
    }
  });

  test("empty fields are stopped by the browser: nothing is sent", async ({ page }) => {
    const release = await holdScripts(page);
    try {
      let sent = 0;
      page.on("request", (r) => {
        if (r.url().includes("/api/v1/auth/signup/")) sent++;
      });
      await page.goto("/join", { waitUntil: "commit" });
      await page.getByLabel("Last name").fill("Nwosu");
      await page.getByRole("button", { name: "Continue" }).click();
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
    await page.goto("/join", { waitUntil: "commit" });
    await fillSignup(page, student);
    await page.getByLabel("Password", { exact: true }).focus();
    release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByLabel("First name")).toHaveValue(student.first_name);
    await expect(page.getByLabel("Last name")).toHaveValue(student.last_name);
    await expect(page.getByLabel("Email")).toHaveValue(student.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(student.password);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(toast(page, "Account created successfully 👍")).toBeVisible();
    await expect(page).toHaveURL("/");
  });

  test("a newsletter address typed before the script arrived is kept, and subscribes", async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    const email = makeStudent().email;
    const field = page.getByLabel("Get study tips and exam news by email");
    await field.fill(email);
    release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(field).toHaveValue(email);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(toast(page, /You're subscribed/)).toBeVisible();
    await expect(field).toHaveValue("");
  });

  test("Continue pressed twice: the second post finds the account the first made, and says so kindly", async ({
    page,
    request,
  }) => {
    const release = await holdScripts(page);
    try {
      const student = makeStudent();
      await page.goto("/join", { waitUntil: "commit" });
      await fillSignup(page, student);
      // The first post reached the server; its answer was lost when the student pressed again.
      await signUpByApi(request, student);
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to YSP");
      await expect(page.getByText("Account created successfully 👍")).toBeVisible();
    } finally {
      release();
    }
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
    await page.goto("/faqs");
    await page.evaluate(
      ([access, refresh]) => {
        sessionStorage.setItem("accessToken", access as string);
        sessionStorage.setItem("refreshToken", refresh as string);
      },
      [expired, session.refresh],
    );
    await gotoHydrated(page, "/join");
    await expect(
      page.getByRole("status").filter({ hasText: `signed in as ${student.email}` }),
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
    // Using the refresh token twice revokes its whole family, as a stolen copy would.
    expect(
      (await request.post("/auth/refresh/", { data: { refresh: session.refresh } })).status(),
    ).toBe(200);
    expect(
      (await request.post("/auth/refresh/", { data: { refresh: session.refresh } })).status(),
    ).toBe(401);

    await page.goto("/faqs");
    await page.evaluate(
      ([access, refresh]) => {
        for (const store of [sessionStorage, localStorage]) {
          store.setItem("accessToken", access as string);
          store.setItem("refreshToken", refresh as string);
          store.setItem("user", "{}");
        }
      },
      [await expiredAccessToken(session.user.id), session.refresh],
    );
    await gotoHydrated(page, "/join");
    await expect(toast(page, "Unable to refresh access token")).toBeVisible();
    await page.waitForEvent("load");
    const left = await page.evaluate(() =>
      ["accessToken", "refreshToken", "user"].flatMap((k) => [
        sessionStorage.getItem(k),
        localStorage.getItem(k),
      ]),
    );
    expect(left.every((v) => v === null)).toBe(true);
    await expect(page.getByRole("heading", { name: "Welcome to YSP" })).toBeVisible();
  });
});
