import type { Browser, Page } from "@playwright/test";
import { href } from "react-router";
import { blockThirdParty, expect, gotoHydrated, pages, screenshotPath, test } from "./fixtures.ts";

/**
 * The layout on a 360 px phone, where the floating chat button (spec §1) takes a
 * sixth of the width: nothing a student must read or tap stays under it once
 * the page is scrolled to its end, since it cannot be scrolled any further, and
 * nothing reaches past the screen's right edge. Every page is checked, and
 * every page the server answers a form post with (a form sent without a script).
 */
/**
 * What lies wrong once the page is scrolled to its end: a control or a line of
 * text under the chat button, and anything past the right edge of the screen.
 * A box counts as under the button when the two overlap by more than a pixel.
 */
const endOfPageProblems = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    root.scrollTop = root.scrollHeight;
    const problems: string[] = [];
    const width = root.clientWidth;
    if (root.scrollWidth > width)
      problems.push(`the page is ${root.scrollWidth - width} px too wide`);
    const chat = document.querySelector(".chat-button")?.getBoundingClientRect();
    const under = (box: DOMRect) =>
      chat !== undefined &&
      Math.min(box.right, chat.right) - Math.max(box.left, chat.left) > 1 &&
      Math.min(box.bottom, chat.bottom) - Math.max(box.top, chat.top) > 1;
    /** Inside something that scrolls sideways (the lesson carousel) or clips: its own edge counts. */
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement)
        if (getComputedStyle(parent).overflowX !== "visible") return true;
      return false;
    };
    const shown = (element: Element) =>
      element.checkVisibility() &&
      !element.closest(".visually-hidden, dialog:not([open]), .chat-button");
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent?.trim() || element.getAttribute("aria-label") || element.getAttribute("name") || "").slice(0, 30)}"`;

    for (const element of document.body.querySelectorAll("*")) {
      if (!shown(element) || clipped(element)) continue;
      const right = element.getBoundingClientRect().right;
      if (right > width + 0.5)
        problems.push(`${describe(element)} reaches ${Math.round(right - width)} px past the edge`);
    }
    const focusable =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    for (const element of document.querySelectorAll(focusable))
      if (shown(element) && under(element.getBoundingClientRect()))
        problems.push(`${describe(element)} is under the chat button`);
    const text = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = text.nextNode(); node; node = text.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !shown(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(under))
        problems.push(
          `the text "${node.textContent.trim().slice(0, 30)}" is under the chat button`,
        );
    }
    return [...new Set(problems)];
  });

/**
 * The answer pages of every form: each form on every page, sent without a script, empty and
 * filled in. A form with an action is sent from the first page that has it: the footer's
 * newsletter form is on some thirty pages, and its answers differ only in the page behind the
 * footer (whose own end the test above checks). Sent from every page, it took most of 89 s.
 */
async function answerPages(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: { width: 360, height: 800 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await blockThirdParty(page);
  const answers: { name: string; problems: string[] }[] = [];
  const sent = new Set<string>();
  for (const { path, name } of pages) {
    await page.goto(path);
    // A form with no action posts to its own page, and is sent from each.
    const actions = await page
      .locator("form[method=post]")
      .evaluateAll((forms) => forms.map((form) => form.getAttribute("action")));
    for (const [index, action] of actions.entries()) {
      if (action !== null && sent.has(action)) continue;
      if (action !== null) sent.add(action);
      for (const filled of [false, true]) {
        await page.goto(path);
        const form = page.locator("form[method=post]").nth(index);
        if (filled) await fillIn(form);
        // Sent as the browser sends it, past the fields' own checks: the server's answer is wanted.
        await Promise.all([
          page.waitForEvent("load"),
          form.evaluate((element: HTMLFormElement) => {
            element.noValidate = true;
            element.submit();
          }),
        ]);
        const answer = `${name} form ${index + 1} ${filled ? "filled in" : "empty"} → ${new URL(page.url()).pathname}`;
        answers.push({
          name: answer,
          problems: await endOfPageProblems(page),
        });
      }
    }
  }
  await context.close();
  return answers;
}

/** Plausible values for a form's empty fields, so the server answers a success where it can. */
async function fillIn(form: ReturnType<Page["locator"]>) {
  const fields = form.locator("input:not([type=hidden]):not([readonly]):not([type=checkbox])");
  for (const field of await fields.all()) {
    if (!(await field.isVisible()) || (await field.inputValue()) !== "") continue;
    const type = await field.getAttribute("type");
    await field.fill(
      type === "email"
        ? `layout-${Date.now()}@example.ng`
        : type === "password"
          ? "a long enough password"
          : "Ada",
    );
  }
}

test("nothing is under the chat button or past the edge at the end of any page", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const problems: string[] = [];
  for (const { path, name } of pages) {
    await gotoHydrated(page, path);
    for (const problem of await endOfPageProblems(page)) problems.push(`${name}: ${problem}`);
    await page.screenshot({ path: screenshotPath(testInfo, `end-of-${name}`) });
  }
  expect(problems).toEqual([]);
});

/**
 * While a page scrolls, its text passes under the fixed button (spec §1 fixes it over a 328 px
 * column: no place there clears every line at every offset). What must never be under it is
 * what the student is using: each control the keyboard reaches is scrolled clear of it.
 */
test("every control reached with the keyboard is clear of the chat button, on every page", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const problems: string[] = [];
  for (const { path, name } of pages) {
    await gotoHydrated(page, path);
    const seen = new Set<string>();
    for (let step = 0; step < 120; step++) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return undefined;
        const chat = document.querySelector(".chat-button")?.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        const label = `${element.tagName.toLowerCase()} "${(element.textContent?.trim() || element.getAttribute("aria-label") || element.getAttribute("name") || "").slice(0, 30)}"`;
        const under =
          chat !== undefined &&
          !element.closest(".chat-button") &&
          Math.min(box.right, chat.right) - Math.max(box.left, chat.left) > 1 &&
          Math.min(box.bottom, chat.bottom) - Math.max(box.top, chat.top) > 1;
        return { key: `${label}@${Math.round(box.top + window.scrollY)}`, label, under };
      });
      if (!focused || seen.has(focused.key)) break;
      seen.add(focused.key);
      if (focused.under) problems.push(`${name}: ${focused.label} is under the chat button`);
    }
  }
  expect(problems).toEqual([]);
});

test("nothing is under the chat button or past the edge at the end of any form's answer", async ({
  browser,
  baseURL,
}) => {
  // Some twenty pages' forms, each sent twice: 78 s on the shared cores, with home's notice and
  // the correction's page among them.
  test.setTimeout(180_000);
  const problems: string[] = [];
  for (const answer of await answerPages(browser, baseURL ?? ""))
    for (const problem of answer.problems) problems.push(`${answer.name}: ${problem}`);
  expect(problems).toEqual([]);
});

/** The font size of every heading a reader sees, by tag and text, at the text size set on the root. */
const headingSizes = (page: Page, textSize: string) =>
  page.evaluate((size) => {
    document.documentElement.style.fontSize = size;
    return [...document.querySelectorAll<HTMLElement>("h1, h2")]
      .filter((heading) => heading.checkVisibility() && !heading.closest(".visually-hidden"))
      .map((heading) => ({
        heading: `${heading.tagName.toLowerCase()} "${heading.textContent?.trim().slice(0, 30)}"`,
        px: parseFloat(getComputedStyle(heading).fontSize),
      }));
  }, textSize);

/** The height of every button a reader sees on the open page, with the start of its words. */
const buttonHeights = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".button")]
      .filter((button) => button.checkVisibility() && !button.closest("dialog:not([open])"))
      .map((button) => ({
        text: button.textContent?.trim().slice(0, 20) ?? "",
        height: Math.round(button.getBoundingClientRect().height),
      })),
  );

test("every page at 360 and 1280 px: headings double with the text, buttons share one height", async ({
  page,
}) => {
  // WCAG 2.2 1.4.4: text resizes to 200%. The existing tests grow the text as older Android
  // Chrome does, by the root's font size (phone-layout.spec.ts); words must still not split there.
  // Each page is opened once and set to both widths: opened again for each width and each check,
  // it was opened three times.
  test.setTimeout(60_000 + pages.length * 3_000);
  const growth: string[] = [];
  const heights = new Map<number, string[]>();
  for (const { path, name } of pages) {
    await page.setViewportSize({ width: 360, height: 800 });
    await gotoHydrated(page, path);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const normal = await headingSizes(page, "100%");
      for (const { text, height } of await buttonHeights(page))
        heights.set(height, [...(heights.get(height) ?? []), `${name} at ${width} px: "${text}"`]);
      const large = await headingSizes(page, "200%");
      normal.forEach(({ heading, px }, index) => {
        const grown = (large[index]?.px ?? 0) / px;
        if (grown < 1.95)
          growth.push(`${name} at ${width} px: ${heading} grows ${grown.toFixed(2)}×`);
      });
    }
  }
  expect.soft(growth, "headings that do not double").toEqual([]);
  const byHeight = [...heights].map(
    ([height, buttons]) =>
      `${height} px: ${buttons.length} buttons, as ${buttons.slice(0, 3).join(", ")}`,
  );
  expect(byHeight, "one height for every button").toHaveLength(1);
});

test("a lesson card reached with the keyboard comes fully into view, clear of the arrows", async ({
  page,
}, testInfo) => {
  await gotoHydrated(page, href("/"));
  const cards = page.locator(".lesson-card");
  /** The share of the card's width that is inside the track and not under an arrow. */
  const inView = (index: number) =>
    cards.nth(index).evaluate((card) => {
      const track = card.closest(".carousel-track")?.getBoundingClientRect();
      if (!track) return 0;
      const box = card.getBoundingClientRect();
      let left = track.left;
      let right = track.right;
      for (const arrow of document.querySelectorAll(".carousel-arrow")) {
        const edge = arrow.getBoundingClientRect();
        if (arrow.classList.contains("carousel-arrow-left")) left = Math.max(left, edge.right);
        else right = Math.min(right, edge.left);
      }
      return Math.max(0, Math.min(box.right, right) - Math.max(box.left, left)) / box.width;
    });
  await cards.first().focus();
  for (let index = 1; index < 4; index++) {
    await page.keyboard.press("Tab");
    await expect(cards.nth(index)).toBeFocused();
    await expect.poll(() => inView(index), `card ${index + 1}`).toBe(1);
  }
  await page.screenshot({ path: screenshotPath(testInfo, "lesson-card-focused") });
});

test("the about page's button stands clear of the cards above it", async ({ page }) => {
  await page.goto(href("/about-us"));
  const cards = await page.locator(".audience-grid").boundingBox();
  const button = await page.locator(".page > .button").boundingBox();
  expect((button?.y ?? 0) - ((cards?.y ?? 0) + (cards?.height ?? 0))).toBeGreaterThanOrEqual(16);
});

test("a testimonial's words start at the top of its card", async ({ page }) => {
  await gotoHydrated(page, href("/"));
  const gaps = await page.locator(".testimonial").evaluateAll((cards) =>
    cards.map((card) => {
      const words = card.querySelector("blockquote")?.firstElementChild;
      const top = card.getBoundingClientRect().top + parseFloat(getComputedStyle(card).paddingTop);
      return Math.round((words?.getBoundingClientRect().top ?? 0) - top);
    }),
  );
  expect(
    gaps.every((gap) => gap <= 1),
    `gaps above the words: ${gaps}`,
  ).toBe(true);
});

test("the footer's social links start at their column's edge", async ({ page }) => {
  await gotoHydrated(page, href("/"));
  const indent = await page.locator(".social-links").evaluate((list) => {
    const first = list.querySelector("a");
    const range = document.createRange();
    range.selectNodeContents(first ?? list);
    return Math.round(range.getBoundingClientRect().left - list.getBoundingClientRect().left);
  });
  expect(Math.abs(indent), `the first link's words are ${indent} px in`).toBeLessThanOrEqual(1);
});
