import { chromium, type Page } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "@ysp/testing/chromium";
import { blockThirdParty, expect, gotoHydrated, looksTheSame, pages, test } from "./fixtures.ts";

test("a desktop set to dark mode shows every page as designed, scrollbar included", {
  tag: "@desktop",
}, async ({ baseURL }) => {
  // Every page twice: 27 s for 42 pages on a quiet 2-core machine, so about 0.65 s a page and
  // its dark twin (170 s in a full run, with a new page for each); the limit leaves room for a
  // busy machine and more pages.
  test.setTimeout(60_000 + pages.length * 3_000);
  // Playwright hides scrollbars by default; this browser draws them, as a desktop does.
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    ignoreDefaultArgs: ["--hide-scrollbars"],
  });
  try {
    // One page of each scheme, taken from page to page: a new page for each took twice as long.
    const open = async (colorScheme: "light" | "dark") => {
      const page = await browser.newPage({
        viewport: { width: 1280, height: 800 },
        colorScheme,
        baseURL,
      });
      await blockThirdParty(page);
      return page;
    };
    const [light, dark] = await Promise.all([open("light"), open("dark")]);
    const shot = async (page: Page, path: string) => {
      await gotoHydrated(page, path);
      return page.screenshot();
    };
    const different: string[] = [];
    for (const { path } of pages) {
      const [lightShot, darkShot] = await Promise.all([shot(light, path), shot(dark, path)]);
      // Listed by page: a pixel-by-pixel diff of two screenshots would take minutes to print.
      if (!(await looksTheSame(light, lightShot, darkShot))) different.push(path);
    }
    expect(different, "pages that look different in dark mode").toEqual([]);
  } finally {
    await browser.close();
  }
});
