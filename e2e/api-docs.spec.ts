import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotPath, test } from "./fixtures.ts";

/** The API reference the build renders from the OpenAPI document; its CSP allows no script. */
const apiDocs = "/api/docs";

/** How far the page reaches past the right edge of the screen, in CSS px. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The violations the page reported so far (the fixture fails the test on any at its end too). */
const cspViolations = (page: Page) => page.evaluate(() => window.__cspViolations);

const openEverything = (page: Page) =>
  page.evaluate(() => {
    for (const details of document.querySelectorAll("details")) details.open = true;
  });

test.describe("the API reference", () => {
  test("is one page without script that stays inside the screen", async ({ page }, testInfo) => {
    const response = await page.goto(apiDocs);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/reference$/);
    await expect(page.locator("script")).toHaveCount(0);
    expect(await cspViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
    await page.screenshot({ path: screenshotPath(testInfo, "api-docs"), fullPage: true });
    // With every example open, the longest JSON still wraps inside its own box.
    await openEverything(page);
    expect(await overflow(page)).toBe(0);
  });

  test("passes the accessibility checks with every part open", async ({ page }) => {
    // Some 4,000 elements, every example open: axe takes about 20 s on a 2-core machine.
    test.slow();
    await page.goto(apiDocs);
    await openEverything(page);
    await expectNoAxeViolations(page);
  });

  test("a link in the contents moves to its operation, by keyboard too", async ({ page }) => {
    await page.goto(apiDocs);
    const links = page.getByRole("navigation", { name: "Contents" }).locator("ul ul a");
    expect(await links.count()).toBeGreaterThan(10);
    // The last one: the furthest from the contents.
    const link = links.last();
    const id = decodeURIComponent(((await link.getAttribute("href")) ?? "").slice(1));
    const operation = page.locator(`[id="${id}"]`);
    const heading = operation.getByRole("heading", { level: 3 });
    await expect(heading).not.toBeInViewport();
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(heading).toBeInViewport();
    await expect(heading).toContainText((await link.locator("code").textContent()) ?? "");

    await operation.getByRole("link", { name: "Back to contents" }).click();
    await expect(page.getByRole("heading", { name: "Contents" })).toBeInViewport();
  });

  test("an answer's error codes open from the keyboard", async ({ page }) => {
    await page.goto(apiDocs);
    const codes = page.locator("details.errors").first();
    await expect(codes.locator(".codes")).toBeHidden();
    await codes.locator(":scope > summary").focus();
    await page.keyboard.press("Enter");
    await expect(codes.locator(".codes")).toBeVisible();
  });
});
