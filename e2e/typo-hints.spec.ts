import {
  expect,
  fillSignupForm,
  gotoHydrated,
  makeStudent,
  screenshotPath,
  test,
  uniqueTag,
} from "./fixtures.ts";

/**
 * "Did you mean …?" under an email field whose domain looks mistyped (docs/decisions/025): from
 * the library on /join, from a small file the pages without framework JavaScript fetch on the
 * field's focus.
 * A tap puts the address in; nothing is ever blocked by it.
 */

const hint = (address: string) => `Did you mean ${address}?`;

test("on /join the hint comes when the address is left and goes while it is typed; a tap puts it in, and no hint stops Continue", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, "/join");
  const email = page.getByRole("textbox", { name: "Email" });
  await email.fill("ada@gmail.com");
  await email.blur();
  await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
  await email.fill(`ada.${uniqueTag()}@yaho.com`);
  await email.blur();
  const yahoo = page.getByRole("button", { name: /Did you mean .*@yahoo\.com\?/ });
  await expect(yahoo).toBeVisible();
  // Typing again takes the hint away until the field is left again.
  await email.press("End");
  await email.press("Backspace");
  await expect(yahoo).toHaveCount(0);

  const name = `ada.${uniqueTag()}`;
  await email.fill(`${name}@gmial.com`);
  // Not while the student is still typing.
  await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
  await fillSignupForm(page, makeStudent({ email: `${name}@gmial.com` }));
  const suggestion = page.getByRole("button", { name: hint(`${name}@gmail.com`) });
  await expect(suggestion).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, "typo-hint-join"), fullPage: true });
  await suggestion.click();
  await expect(email).toHaveValue(`${name}@gmail.com`);
  await expect(email).toBeFocused();
  await expect(suggestion).toHaveCount(0);

  // Left with its typo, the address is the student's to send, the hint showing.
  const typo = `ada.${uniqueTag()}@hotmial.com`;
  await email.fill(typo);
  await page.getByLabel("Password", { exact: true }).focus();
  await expect(page.getByRole("button", { name: /Did you mean .*@hotmail\.com\?/ })).toBeVisible();
  const posted = page.waitForRequest((request) => request.method() === "POST");
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  expect((await posted).postDataJSON()).toMatchObject({ email: typo });
  await expect(page).toHaveURL("/");
});

// The same hint from the pages' own script; with no script none comes, and the address is sent
// as typed (form-answers.spec.ts on these two pages, signup-journey.spec.ts on /join).
test("on /forgot-password and /your-data the page's script gives the same hint", async ({
  page,
}, testInfo) => {
  for (const path of ["/forgot-password", "/your-data"]) {
    await page.goto(path);
    const email = page.getByRole("textbox", { name: "Email" });
    await email.fill("ada@gmail.com");
    await email.blur();
    await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
    await email.fill("ada@gmail.con");
    await email.blur();
    const suggestion = page.getByRole("button", { name: hint("ada@gmail.com") });
    await expect(suggestion, path).toBeVisible();
    await expect(page.locator("[aria-live=polite]", { has: suggestion })).toHaveCount(1);
    await page.screenshot({
      path: screenshotPath(testInfo, `typo-hint${path.replace("/", "-")}`),
      fullPage: true,
    });
    await suggestion.click();
    await expect(email).toHaveValue("ada@gmail.com");
    await expect(email).toBeFocused();
    await expect(suggestion).toHaveCount(0);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check your email");
  }
});

test("the hint's button is reached from the next control with Shift+Tab", async ({ page }) => {
  await page.goto("/forgot-password");
  const email = page.getByRole("textbox", { name: "Email" });
  await email.fill("ada@outlok.com");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send me a link" })).toBeFocused();
  // The hint's file is fetched on the field's first focus: a reader sees the hint, then goes back.
  const suggestion = page.getByRole("button", { name: hint("ada@outlook.com") });
  await expect(suggestion).toBeVisible();
  await page.keyboard.press("Shift+Tab");
  await expect(suggestion).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(email).toHaveValue("ada@outlook.com");
});
