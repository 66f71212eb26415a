import type { Page, TestInfo } from "@playwright/test";
import { href } from "react-router";
import {
  axeViolations,
  cspViolations,
  expect,
  gotoHydrated,
  pages,
  screenshotPath,
  scrollToBottom,
  test,
} from "./fixtures.ts";

/**
 * What only a browser shows of every page, at 360 and 1280 px. What a page says, links to and
 * carries (its status and headers, title and metadata, header and footer, links and inline
 * script) is read without one: web/app/built-pages.test.ts and api/src/routes/site.test.ts.
 */

/** From this width the header shows its links, and no menu button (app.css). */
const menuBelow = 960;

/**
 * One page at the browser's width, each finding soft, so one walk reports every page: nothing past
 * the screen's edge, no axe violation, a screenshot to look at; no script file on a page that
 * needs none (its inline script is counted from the build), the menu where the header folds, and
 * no CSP violation, whatever loads on scroll or opens.
 */
async function checkPage(page: Page, route: (typeof pages)[number], testInfo: TestInfo) {
  const width = page.viewportSize()?.width ?? 0;
  await gotoHydrated(page, route.path);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect.soft(overflow, `${route.name}: px past the edge`).toBeLessThanOrEqual(0);
  expect.soft(await axeViolations(page), `${route.name}: axe`).toEqual([]);
  await page.screenshot({ path: screenshotPath(testInfo, route.name), fullPage: true });

  await scrollToBottom(page);
  const opener = page.getByRole("button", { name: "Open menu" });
  const hasMenu = route.chrome && width < menuBelow;
  expect.soft(await opener.isVisible(), `${route.name}: a menu button`).toBe(hasMenu);
  if (hasMenu) {
    await opener.click();
    await expect.soft(page.getByRole("dialog", { name: "Menu" }), route.name).toBeVisible();
  }
  if (!route.hydrates) {
    // By the file's name: a module and its imports are fetched as "other", not as "script".
    const files = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => /\.m?js$/.test(new URL(name).pathname)),
    );
    expect.soft(files, `${route.name}: script files`).toEqual([]);
  }
  expect.soft(await cspViolations(page), `${route.name}: CSP violations`).toEqual([]);
}

test.describe("every page", () => {
  // Two walks a width, each taking one page object through its pages: a test for each page
  // spent 1.5 s of its 7 s opening a context. Halves by the site's header and footer, so neither
  // walk is left running alone at the end of the suite.
  for (const [group, withChrome] of [
    ["with the site's header and footer", true],
    ["without the header and footer", false],
  ] as const) {
    const walked = pages.filter((route) => route.chrome === withChrome);
    test(
      `${group}: stays inside the screen, passes axe, has a screenshot, its menu and no CSP violation`,
      { tag: "@layout" },
      async ({ page }, testInfo) => {
        // 5 s a page on a 2-core machine shared with other runs (axe, a full-page screenshot,
        // the scroll), 8 s when it was busiest; the limit leaves room for 10.
        test.setTimeout(60_000 + walked.length * 10_000);
        for (const route of walked) await checkPage(page, route, testInfo);
      },
    );
  }

  test("a route change scrolls to the top", async ({ page }) => {
    await gotoHydrated(page, href("/"));
    await page.locator("footer").scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.locator("footer").getByRole("link", { name: "FAQs" }).click();
    await expect(page).toHaveURL("/faqs");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
