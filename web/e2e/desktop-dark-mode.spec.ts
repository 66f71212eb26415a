import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "@ysp/testing/chromium";
import { blockThirdParty, expect, gotoHydrated, pages, test } from "./fixtures.ts";

test.skip(({ viewport }) => (viewport?.width ?? 0) <= 900, "desktop scrollbars");

test("a desktop set to dark mode shows every page as designed, scrollbar included", async ({
  baseURL,
}) => {
  // Every page twice: about 23 s for 20 pages on a quiet 2-core machine, so about 0.6 s a page
  // and its dark twin; the limit leaves room for a busy machine and more pages.
  test.setTimeout(60_000 + pages.length * 3_000);
  // Playwright hides scrollbars by default; this browser draws them, as a desktop does.
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
    ignoreDefaultArgs: ["--hide-scrollbars"],
  });
  try {
    const different: string[] = [];
    for (const { path } of pages) {
      const [light, dark] = await Promise.all(
        (["light", "dark"] as const).map(async (colorScheme) => {
          const page = await browser.newPage({
            viewport: { width: 1280, height: 800 },
            colorScheme,
            baseURL,
          });
          await blockThirdParty(page);
          await gotoHydrated(page, path);
          const shot = await page.screenshot();
          await page.close();
          return shot;
        }),
      );
      // Compared as a whole: a byte-by-byte diff of two screenshots would take minutes to print.
      if (!light?.equals(dark ?? Buffer.alloc(0))) different.push(path);
    }
    expect(different, "pages that look different in dark mode").toEqual([]);
  } finally {
    await browser.close();
  }
});
