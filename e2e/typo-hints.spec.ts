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

test("on /join the hint comes when the address is left, a tap puts it in, and Continue works", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, "/join");
  const name = `ada.${uniqueTag()}`;
  const email = page.getByRole("textbox", { name: "Email" });
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
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL("/");
});

test("on /join a correct address gets no hint, and a hint never stops Continue", async ({
  page,
}) => {
  await gotoHydrated(page, "/join");
  const email = page.getByRole("textbox", { name: "Email" });
  await email.fill("ada@gmail.com");
  await email.blur();
  await email.fill(`ada.${uniqueTag()}@yaho.com`);
  await email.blur();
  const suggestion = page.getByRole("button", { name: /Did you mean .*@yahoo\.com\?/ });
  await expect(suggestion).toBeVisible();
  // Typing again takes the hint away until the field is left again.
  await email.press("End");
  await email.press("Backspace");
  await expect(suggestion).toHaveCount(0);
  await email.fill("ada@gmail.com");
  await email.blur();
  await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
  // Left with its typo, the address is the student's to send.
  await fillSignupForm(page, makeStudent({ email: `ada.${uniqueTag()}@hotmial.com` }));
  await page.getByLabel("Password", { exact: true }).focus();
  await expect(page.getByRole("button", { name: /Did you mean .*@hotmail\.com\?/ })).toBeVisible();
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page).toHaveURL("/");
});

for (const path of ["/forgot-password", "/your-data"]) {
  test(`on ${path} the page's script gives the same hint`, async ({ page }, testInfo) => {
    await page.goto(path);
    const email = page.getByRole("textbox", { name: "Email" });
    await email.fill("ada@gmail.com");
    await email.blur();
    await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
    await email.fill("ada@gmail.con");
    await email.blur();
    const suggestion = page.getByRole("button", { name: hint("ada@gmail.com") });
    await expect(suggestion).toBeVisible();
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
  });
}

test.describe("without any script", () => {
  test.use({ javaScriptEnabled: false });

  for (const path of ["/join", "/forgot-password", "/your-data"]) {
    test(`${path} shows no hint and posts the address as typed`, async ({ page }) => {
      await page.goto(path);
      const typed = `ada.${uniqueTag()}@gmial.com`;
      if (path === "/join") await fillSignupForm(page, makeStudent({ email: typed }));
      else await page.getByRole("textbox", { name: "Email" }).fill(typed);
      await page.getByRole("textbox", { name: "Email" }).blur();
      await expect(page.getByRole("button", { name: /Did you mean/ })).toHaveCount(0);
      const posted = page.waitForRequest((request) => request.method() === "POST");
      await page
        .getByRole("button", { name: path === "/join" ? "Continue" : "Send me a link" })
        .click();
      expect((await posted).postData()).toContain(encodeURIComponent(typed));
      await expect(page).not.toHaveURL(new RegExp(`${path}$`));
    });
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
