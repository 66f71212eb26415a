import { chromium, type Page } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "@ysp/testing/chromium";
import { href } from "react-router";
import {
  blockThirdParty,
  expect,
  gotoHydrated,
  looksTheSame,
  pages,
  screenshotPath,
  test,
} from "./fixtures.ts";

/**
 * What a phone brings that a desktop test does not: narrow screens, Android's
 * large-text setting (older Chrome grows the text; newer Chrome zooms the page,
 * which narrows the screen in CSS pixels), thumbs, landscape video, and the
 * browser's automatic dark mode.
 */
/** How far the page reaches past the right edge of the screen, in CSS px. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Headings with a word too long for their line, which the browser then breaks mid-word. */
const splitHeadings = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("h1, h2, h3")]
      .filter((heading) => heading.checkVisibility() && !heading.closest(".visually-hidden"))
      .filter((heading) => {
        heading.style.overflowWrap = "normal";
        const split = heading.scrollWidth > heading.clientWidth;
        heading.style.overflowWrap = "";
        return split;
      })
      .map((heading) => heading.textContent?.trim().slice(0, 40) ?? ""),
  );

/**
 * The controls on the open page, at the text size and width it has now, smaller than 44 px either
 * way: links inside running text aside (WCAG 2.5.8's inline exception), and anything hidden.
 */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("a, button, summary, input")]
      .filter((element) => element.checkVisibility() && !element.closest("dialog:not([open])"))
      .filter((element) => !(element.tagName === "A" && element.closest("p")))
      .filter((element) => !(element instanceof HTMLInputElement && element.type === "hidden"))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 44 || box.height < 44)
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 30) || element.getAttribute("aria-label")}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      ),
  );

/** Newer Chrome: 360 px at 150% and 200% zoom is 240 and 180 CSS px. Older: the text grows. */
const textSettings = [
  [180, "100%"],
  [240, "100%"],
  [320, "100%"],
  [320, "150%"],
  [360, "150%"],
  [360, "200%"],
] as const;

/** What runs off the side of the open page, or splits a heading's word, at each text setting. */
async function textSettingProblems(page: Page) {
  const problems: string[] = [];
  for (const [width, textSize] of textSettings) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate((size) => {
      document.documentElement.style.fontSize = size;
    }, textSize);
    const past = await overflow(page);
    if (past > 0) problems.push(`${width} px at ${textSize} text: ${past} px too wide`);
    for (const heading of await splitHeadings(page))
      problems.push(`${width} px at ${textSize} text: a word split in "${heading}"`);
  }
  return problems;
}

test.describe("large text and narrow screens", () => {
  test("every page: targets of 44 px, and nothing runs off the side or splits a word", async ({
    page,
  }) => {
    // One page object through all 42 pages, each set six ways once open: a test for each page
    // spent most of its 4 s opening a context, 159 s in all.
    test.setTimeout(60_000 + pages.length * 3_000);
    const problems: string[] = [];
    for (const { path, name } of pages) {
      await page.setViewportSize({ width: 360, height: 800 });
      await gotoHydrated(page, path);
      for (const small of await smallTargets(page)) problems.push(`${name}: ${small}`);
      for (const problem of await textSettingProblems(page)) problems.push(`${name}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });

  test("the sign-up form keeps its right edge at twice the text size", async ({
    page,
  }, testInfo) => {
    await gotoHydrated(page, href("/join/:id?"));
    await page.evaluate(() => {
      document.documentElement.style.fontSize = "200%";
    });
    const card = await page.locator(".join-card").boundingBox();
    expect((card?.x ?? 0) + (card?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(360);
    const pastPadding = await page.evaluate(() => {
      const card = document.querySelector(".join-card");
      if (!card) return ["no .join-card"];
      const inner =
        card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight);
      return [...card.querySelectorAll<HTMLElement>("h1, p, label, input, button")]
        .filter((element) => element.checkVisibility())
        .filter((element) => element.getBoundingClientRect().right > inner + 0.5)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()} "${element.textContent?.trim().slice(0, 30)}"`,
        );
    });
    expect(pastPadding, "reaching into the card's padding").toEqual([]);
    await page.screenshot({ path: screenshotPath(testInfo, "join-large-text"), fullPage: true });
  });
});

test("a video held sideways fits the screen, controls included", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 800, height: 360 });
  await gotoHydrated(page, href("/"));
  await page.getByRole("link", { name: "How it works" }).click();
  const dialog = page.getByRole("dialog", { name: /How YSP works/ });
  await expect(dialog).toHaveAttribute("data-visible", "");
  const frame = await dialog.locator("iframe").boundingBox();
  expect(frame?.height).toBeGreaterThan(200);
  expect((frame?.y ?? 0) + (frame?.height ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(360);
  expect(await dialog.evaluate((d) => d.scrollHeight - d.clientHeight)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: screenshotPath(testInfo, "video-landscape") });
});

test("the browser's automatic dark mode leaves the page as designed", async ({ page, baseURL }) => {
  await gotoHydrated(page, href("/"));
  const designed = await page.screenshot({ fullPage: true });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, "--blink-settings=forceDarkModeEnabled=true"],
  });
  try {
    const dark = await browser.newPage({
      viewport: page.viewportSize(),
      hasTouch: true,
      colorScheme: "dark",
      baseURL,
    });
    await blockThirdParty(dark);
    await gotoHydrated(dark, href("/"));
    const same = await looksTheSame(dark, await dark.screenshot({ fullPage: true }), designed);
    expect(same, "the page in automatic dark mode looks as designed").toBe(true);
  } finally {
    await browser.close();
  }
});

test.describe("the sign-up form on a phone", () => {
  test("placeholders and field borders can be seen", async ({ page }) => {
    await gotoHydrated(page, href("/join/:id?"));
    const contrasts = await page.evaluate(() => {
      const luminance = (color: string) => {
        const [r, g, b] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
          const c = Number(v) / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
      };
      const ratio = (a: string, b: string) => {
        const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
      };
      const invite = document.querySelector<HTMLInputElement>('input[name="referral_code"]');
      const email = document.querySelector<HTMLInputElement>('input[name="email"]');
      if (!invite || !email) throw new Error("sign-up fields missing");
      const card = getComputedStyle(email.closest(".join-card") ?? document.body).backgroundColor;
      return {
        placeholder: ratio(
          getComputedStyle(invite, "::placeholder").color,
          getComputedStyle(invite).backgroundColor,
        ),
        border: ratio(getComputedStyle(email).borderTopColor, card),
      };
    });
    expect(contrasts.placeholder).toBeGreaterThanOrEqual(4.5);
    expect(contrasts.border).toBeGreaterThanOrEqual(3);
  });
});
