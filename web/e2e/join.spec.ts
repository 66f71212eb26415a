import type { Page, Route } from "@playwright/test";
import { expect, expectNoAxeViolations, gotoHydrated, test, toast } from "./fixtures.ts";

const signupPath = "**/api/v1/auth/signup/";

const makeStudent = (
  overrides: Partial<Record<"first" | "last" | "email" | "password", string>> = {},
) => ({
  first: "Chiamaka",
  last: "Eze",
  email: `chiamaka.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
  password: "lagos-2026-pass",
  ...overrides,
});

async function fillForm(page: Page, student = makeStudent()) {
  await page.getByLabel("First name").fill(student.first);
  await page.getByLabel("Last name").fill(student.last);
  await page.getByLabel("Email").fill(student.email);
  await page.getByLabel("Password", { exact: true }).fill(student.password);
  return student;
}

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });

test.describe("sign-up form", () => {
  test("title, fields, read-only invite code from the route", async ({ page }) => {
    await gotoHydrated(page, "/join/K7QX9M");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to YSP");
    await expect(page.getByText("Complete the form to register")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    const invite = page.getByLabel("Invite code");
    await expect(invite).toHaveValue("K7QX9M");
    await expect(invite).not.toBeEditable();
    await expect(page.locator("header.site-header, footer.site-footer")).toHaveCount(0);
  });

  test("the invite code is shown as text, never as markup", async ({ page }) => {
    await gotoHydrated(page, `/join/${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
    await expect(page.getByLabel("Invite code")).toHaveValue('"><img src=x onerror=alert(1)>');
    await expect(page.locator("img[src=x]")).toHaveCount(0);
  });

  test("the password toggle shows and hides the password", async ({ page }) => {
    await gotoHydrated(page, "/join");
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
    let calls = 0;
    await page.route(signupPath, (route) => {
      calls++;
      return json(route, 201, { message: "Account created successfully" });
    });
    await gotoHydrated(page, "/join");
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
    await page.getByRole("button", { name: "Continue" }).click();
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
      await expect(input).toHaveAccessibleDescription(message);
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
    expect(calls).toBe(0);
  });

  test("success: two toasts, then home", async ({ page }) => {
    let body: Record<string, unknown> = {};
    await page.route(signupPath, (route) => {
      body = route.request().postDataJSON();
      return json(route, 201, { message: "Account created successfully" });
    });
    await gotoHydrated(page, "/join/K7QX9M");
    const student = await fillForm(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(toast(page, "Account created successfully 👍")).toBeVisible();
    await expect(toast(page, "Download the app and login")).toBeVisible();
    await expect(page).toHaveURL("/");
    expect(body).toEqual({
      email: student.email,
      password: student.password,
      user_type: "STUDENT",
      first_name: student.first,
      last_name: student.last,
      referral_code: "K7QX9M",
    });
  });

  test("success, and the home page's code fails to arrive: the form still says the account was made", async ({
    page,
    problems,
  }) => {
    await page.route(signupPath, (route) =>
      json(route, 201, { message: "Account created successfully" }),
    );
    await gotoHydrated(page, "/join");
    await page.route(/\/assets\/(home|site-layout)-[^/]+\.js$/, (route) => route.abort("failed"));
    await fillForm(page);
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Continue" }).click();
    await reloaded;
    await expect(page).toHaveURL("/join");
    await expect(toast(page, "Account created successfully 👍")).toBeVisible();
    await expect(toast(page, "Download the app and login")).toBeVisible();
    // React Router's own report of the failed modules, which this test causes.
    problems.errors = problems.errors.filter(
      (error) => !/route module|dynamically imported module/.test(error),
    );
  });

  test("pending: a loading state, and no second submission", async ({ page }) => {
    let calls = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(signupPath, async (route) => {
      calls++;
      await held;
      return json(route, 201, { message: "Account created successfully" });
    });
    await gotoHydrated(page, "/join");
    await fillForm(page);
    const button = page.getByRole("button", { name: /Continue/ });
    await button.click();
    await expect(button).toHaveAttribute("aria-disabled", "true");
    await expect(button).toBeFocused();
    await expect(
      page.getByRole("status").filter({ hasText: "Creating your account…" }),
    ).toHaveCount(1);
    await expect(page.locator("form")).toHaveAttribute("aria-busy", "true");
    await page.locator("form").evaluate((form: HTMLFormElement) => form.requestSubmit());
    release();
    await expect(page).toHaveURL("/");
    expect(calls).toBe(1);
  });

  test("a server error shows its first detail and keeps the form", async ({ page }) => {
    await page.route(signupPath, (route) =>
      json(route, 400, {
        type: "validation_error",
        errors: [
          { code: "unique", detail: "An account with this email already exists.", attr: "email" },
          { code: "other", detail: "Second problem", attr: null },
        ],
      }),
    );
    await gotoHydrated(page, "/join");
    const student = await fillForm(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(toast(page, "An account with this email already exists.")).toBeVisible();
    await expect(page.getByText("Second problem")).toHaveCount(0);
    await expect(page).toHaveURL("/join");
    await expect(page.getByLabel("Email")).toHaveValue(student.email);
    const button = page.getByRole("button", { name: "Continue" });
    await expect(button).not.toHaveAttribute("aria-disabled");
    await expect(button).toBeFocused();
  });

  test("an error with no detail says 'An error occurred'", async ({ page }) => {
    await page.route(signupPath, (route) => json(route, 500, { errors: [] }));
    await gotoHydrated(page, "/join");
    await fillForm(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(toast(page, "An error occurred")).toBeVisible();
  });

  test("a network failure shows the error's message", async ({ page }) => {
    await page.route(signupPath, (route) => route.abort("internetdisconnected"));
    await gotoHydrated(page, "/join");
    await fillForm(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.locator(".toast-error")).toHaveText(/Failed to fetch|Network error/);
    await expect(page).toHaveURL("/join");
  });

  test("reading the terms and coming back leaves the form as it was", async ({ page }) => {
    await gotoHydrated(page, "/join/K7QX9M");
    const student = await fillForm(page);
    await page.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
    await page.goBack();
    await expect(page.getByLabel("First name")).toHaveValue(student.first);
    await expect(page.getByLabel("Last name")).toHaveValue(student.last);
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
    // Never answered, as a request lost on a mobile line; the second attempt goes through.
    await page.route(signupPath, (route) => {
      if (++calls > 1) return json(route, 201, { message: "Account created successfully" });
      firstArrived();
    });
    await page.clock.install();
    await gotoHydrated(page, "/join");
    const student = await fillForm(page);
    const button = page.getByRole("button", { name: "Continue" });
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
    await button.click();
    await expect(page).toHaveURL("/");
    expect(calls).toBe(2);
  });

  test("a 401 triggers one refresh, then the request is repeated with the new bearer", async ({
    page,
  }) => {
    const seen: { auth: string | undefined }[] = [];
    let refreshes = 0;
    await page.route(signupPath, (route) => {
      const auth = route.request().headers().authorization;
      seen.push({ auth });
      if (auth === "Bearer new-access")
        return json(route, 201, { message: "Account created successfully" });
      return json(route, 401, {
        type: "client_error",
        errors: [{ code: "not_authenticated", detail: "Expired", attr: null }],
      });
    });
    await page.route("**/auth/refresh/", (route) => {
      refreshes++;
      expect(route.request().postDataJSON()).toEqual({ refresh: "session-refresh" });
      return json(route, 200, { access: "new-access" });
    });
    await gotoHydrated(page, "/join");
    await page.evaluate(() => {
      sessionStorage.setItem("accessToken", "old-access");
      sessionStorage.setItem("refreshToken", "session-refresh");
      localStorage.setItem("refreshToken", "local-refresh");
    });
    await fillForm(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(toast(page, "Account created successfully 👍")).toBeVisible();
    expect(refreshes).toBe(1);
    expect(seen.map((s) => s.auth)).toEqual(["Bearer old-access", "Bearer new-access"]);
    expect(await page.evaluate(() => sessionStorage.getItem("accessToken"))).toBe("new-access");
  });

  test("a failed refresh clears both storages, says so, and reloads", async ({ page }) => {
    await page.route(signupPath, (route) =>
      json(route, 401, {
        type: "client_error",
        errors: [{ code: "not_authenticated", detail: "Expired", attr: null }],
      }),
    );
    await page.route("**/auth/refresh/", (route) =>
      json(route, 401, {
        type: "client_error",
        errors: [{ code: "token_not_valid", detail: "Bad token", attr: null }],
      }),
    );
    await gotoHydrated(page, "/join");
    await page.evaluate(() => {
      for (const store of [sessionStorage, localStorage]) {
        store.setItem("accessToken", "old");
        store.setItem("refreshToken", "old-refresh");
        store.setItem("user", "{}");
      }
    });
    await fillForm(page);
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(toast(page, "Unable to refresh access token")).toBeVisible();
    await reloaded;
    const left = await page.evaluate(() =>
      ["accessToken", "refreshToken", "user"].flatMap((k) => [
        sessionStorage.getItem(k),
        localStorage.getItem(k),
      ]),
    );
    expect(left.every((v) => v === null)).toBe(true);
  });
});
