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
  // Its status, its one inline style and no script are checked against the server
  // (api/src/routes/api-docs.test.ts).
  test("stays inside the screen and passes axe, every part open", async ({ page }, testInfo) => {
    // Some 4,000 elements, every example open: axe takes about 20 s on a quiet 2-core machine,
    // and this test took 78 s on one shared with other runs.
    test.setTimeout(120_000);
    await page.goto(apiDocs);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/reference$/);
    expect(await cspViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
    await page.screenshot({ path: screenshotPath(testInfo, "api-docs"), fullPage: true });
    // With every example open, the longest JSON still wraps inside its own box.
    await openEverything(page);
    expect(await overflow(page)).toBe(0);
    await expectNoAxeViolations(page);
  });

  test("a contents link moves to its operation, and error codes open, by keyboard", async ({
    page,
  }) => {
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

    const codes = page.locator("details.errors").first();
    await expect(codes.locator(".codes")).toBeHidden();
    await codes.locator(":scope > summary").focus();
    await page.keyboard.press("Enter");
    await expect(codes.locator(".codes")).toBeVisible();
  });
});
