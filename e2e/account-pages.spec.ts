import {
  accountMessages,
  apiMessages,
  emailMessages,
  linkProblems,
  signupMessages,
} from "@ysp/contract";
import { expect, screenshotPath, test } from "./fixtures.ts";

/**
 * The pages about an account ship no framework JavaScript: they work as plain
 * forms, and a few inline lines give their fields the site's own messages.
 */

test.describe("without any script", () => {
  test.use({ javaScriptEnabled: false });

  test("the forgot-password form posts itself and gets a page back", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill("nobody-at-all@example.com");
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
    await expect(page.getByText(accountMessages.resetLinkSent)).toBeVisible();
  });

  test("a confirmation link that cannot be used says so, and leads to a new link", async ({
    page,
  }) => {
    await page.goto("/verify-email?token=abc");
    await page.getByRole("button", { name: "Confirm my email" }).click();
    await expect(page.getByText(linkProblems.link_invalid)).toBeVisible();
    await page.getByRole("link", { name: "Get a new link" }).click();
    await expect(page).toHaveURL(/\/verify-email\?new-link#new-link$/);
    await expect(page.getByRole("heading", { name: "Need a new link?" })).toBeVisible();
  });

  test("the token pages send no Referer and their forms post to their own address", async ({
    page,
  }) => {
    for (const path of ["/verify-email?token=abc", "/reset-password?token=abc"]) {
      await page.goto(path);
      await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "no-referrer");
      await expect(page.locator("form").first()).not.toHaveAttribute("action");
    }
    // The eye needs the script; without it there is no button that does nothing.
    await expect(page.getByRole("button", { name: "Show password" })).toBeHidden();
  });
});

test("the new password's messages are the sign-up page's, read with the field", async ({
  page,
}, testInfo) => {
  await page.goto("/reset-password?token=abc");
  const password = page.getByLabel("New password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription(new RegExp(`${signupMessages.password}`));
  await password.fill("short");
  await expect(page.getByText(apiMessages.passwordShort)).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, "reset-password-error") });

  const eye = page.getByRole("button", { name: "Show password" });
  await expect(eye).toHaveAttribute("aria-pressed", "false");
  await eye.click();
  await expect(eye).toHaveAttribute("aria-pressed", "true");
  await expect(password).toHaveAttribute("type", "text");
  await eye.press("Enter");
  await expect(password).toHaveAttribute("type", "password");
});

test("an email field says what is wrong before anything is sent", async ({ page }) => {
  await page.goto("/forgot-password");
  const email = page.getByLabel("Email");
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(email).toBeFocused();
  await expect(page.getByText(emailMessages.required)).toBeVisible();
  await email.fill("not-an-address");
  await expect(page.getByText(emailMessages.invalid)).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("opened without a token, the confirmation page offers only a new link", async ({ page }) => {
  await page.goto("/verify-email");
  await expect(page.getByRole("button", { name: "Confirm my email" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Send a new link" })).toBeVisible();
  await page.goto("/verify-email?token=abc");
  await expect(page.getByRole("button", { name: "Confirm my email" })).toBeVisible();
});

test("the sign-up page and the FAQs lead to a forgotten password's page", async ({ page }) => {
  await page.goto("/join");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.goto("/faqs");
  await expect(page.getByText(/forgot-password/).first()).toBeAttached();
});
