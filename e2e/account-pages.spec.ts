import { apiMessages, emailMessages, linkProblems, signupMessages } from "@ysp/contract";
import { expect, screenshotPath, test } from "./fixtures.ts";

/**
 * The pages about an account ship no framework JavaScript: they work as plain forms, and a few
 * inline lines give their fields the site's own messages. What they send and carry without a
 * script (no Referer, forms posting to their own address) is the server's to write:
 * api/src/routes/link-pages.test.ts.
 */

test.describe("without any script", () => {
  test.use({ javaScriptEnabled: false });

  test("a confirmation link that cannot be used is answered in the site's frame with a 400, and leads to a new link", async ({
    page,
  }, testInfo) => {
    await page.goto("/verify-email?token=abc");
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Confirm my email" }).click(),
    ]);
    expect(answer.status()).toBe(400);
    await expect(page.getByText(linkProblems.link_invalid)).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.screenshot({
      path: screenshotPath(testInfo, "answer-link-refused"),
      fullPage: true,
    });
    await page.getByRole("link", { name: "Get a new link" }).click();
    await expect(page).toHaveURL(/\/verify-email\?new-link#new-link$/);
    await expect(page.getByRole("heading", { name: "Need a new link?" })).toBeVisible();
  });
});

test("the fields say what is wrong before anything is sent, read with the field; the eye shows the password", async ({
  page,
}, testInfo) => {
  await page.goto("/forgot-password");
  const email = page.getByLabel("Email");
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(email).toBeFocused();
  await expect(page.getByText(emailMessages.required)).toBeVisible();
  await email.fill("not-an-address");
  await expect(page.getByText(emailMessages.invalid)).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // The new password's messages are the sign-up page's.
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
