import { href } from "react-router";
import { expect, expectNoAxeViolations, gotoHydrated, stopTime, test } from "./fixtures.ts";

test.describe("home", () => {
  test("a section laid out only near the screen is drawn when scrolled to", async ({ page }) => {
    // page.goto, not gotoHydrated, which lays every section out for the tests that judge them all.
    await page.goto(href("/"));
    const download = page.locator(".download");
    expect(await download.evaluate((section) => getComputedStyle(section).contentVisibility)).toBe(
      "auto",
    );
    const heading = download.getByRole("heading", { level: 2 });
    await heading.scrollIntoViewIfNeeded();
    await expect(heading).toBeInViewport();
    expect((await heading.boundingBox())?.height).toBeGreaterThan(10);
  });

  test("How it works: the player exists only while the modal is open", async ({ page }) => {
    await gotoHydrated(page, href("/"));
    await expect(page.locator("iframe")).toHaveCount(0);
    const button = page.getByRole("link", { name: "How it works" });
    await expect(button).toHaveAttribute("aria-haspopup", "dialog");
    await button.click();
    const dialog = page.getByRole("dialog", { name: /How YSP works/ });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("iframe")).toHaveAttribute(
      "src",
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    );
    await expect(dialog).toHaveAttribute("data-visible", "");
    await expectNoAxeViolations(page);

    await page.keyboard.press("Escape");
    await expect(dialog).not.toHaveAttribute("data-visible", "");
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(button).toBeFocused();

    await button.click();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(button).toBeFocused();

    await button.click();
    await expect(dialog).toHaveAttribute("data-visible", "");
    await page.mouse.click(3, 3);
    await expect(page.locator("iframe")).toHaveCount(0);
  });

  test("the open animation waits 50 ms and removal waits 300 ms", async ({ page }) => {
    await gotoHydrated(page, href("/"));
    await stopTime(page);
    const opener = page.getByRole("link", { name: "How it works" });
    const dialog = page.getByRole("dialog", { name: /How YSP works/ });
    await opener.click();
    // Shown in the same layout effect that starts the 50 ms timer.
    await expect(dialog).toBeVisible();
    await page.clock.runFor(49);
    await expect(dialog).not.toHaveAttribute("data-visible", "");
    await page.clock.runFor(1);
    await expect(dialog).toHaveAttribute("data-visible", "");

    await dialog.getByRole("button", { name: "Close" }).click();
    // The close animation starts in the same commit as the 300 ms timer.
    await expect(dialog).not.toHaveAttribute("data-visible", "");
    await page.clock.runFor(299);
    await expect(dialog.locator("iframe")).toHaveCount(1);
    await page.clock.runFor(1);
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

  test("lesson carousel: arrows only where there is more, 340 px a step", async ({ page }) => {
    await gotoHydrated(page, href("/"));
    const left = page.getByRole("button", { name: "Scroll lessons left" });
    const right = page.getByRole("button", { name: "Scroll lessons right" });
    await expect(left).toHaveCount(0);
    await expect(right).toBeVisible();
    const track = page.locator(".carousel-track");
    await right.click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(340);
    await expect(left).toBeVisible();
    await right.click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(680);
    await left.click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBe(340);

    await track.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    await expect(right).toHaveCount(0);
    await expect(left).toBeVisible();
  });

  test("keyboard: the arrow that disappears at the end hands its focus to the other", async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await gotoHydrated(page, href("/"));
    const right = page.getByRole("button", { name: "Scroll lessons right" });
    const left = page.getByRole("button", { name: "Scroll lessons left" });
    await right.focus();
    while ((await right.count()) > 0) await page.keyboard.press("Enter");
    await expect(left).toBeFocused();
    while ((await left.count()) > 0) await page.keyboard.press("Enter");
    await expect(right).toBeFocused();
  });

  test("a lesson card opens the player by click and by Enter", async ({ page }) => {
    await gotoHydrated(page, href("/"));
    const card = page.locator(".lesson-card").first();
    await card.click();
    const dialog = page.getByRole("dialog", { name: "What is mass media?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator("iframe")).toHaveAttribute("src", /youtube-nocookie\.com\/embed\//);
    await expect(dialog).toHaveAttribute("data-visible", "");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(card).toBeFocused();

    await page.locator(".lesson-card").nth(1).focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("dialog", { name: "Introduction to oxides of carbon" }),
    ).toBeVisible();
  });

  test("thumbnails load only near the screen, sized, and are hidden when they fail", async ({
    page,
  }) => {
    const requested: string[] = [];
    await page.route(/^https:\/\/i\.ytimg\.com\//, (route) => {
      requested.push(route.request().url());
      return route.fulfill({
        contentType: "image/svg+xml",
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>',
      });
    });
    // A short screen, so the carousel starts well past the 200 px look-ahead on both projects.
    const viewport = 300;
    await page.setViewportSize({ width: page.viewportSize()?.width ?? 360, height: viewport });
    await gotoHydrated(page, href("/"));
    const carousel = page.locator(".carousel");
    expect((await carousel.boundingBox())?.y).toBeGreaterThan(viewport + 200);
    // Two frames: the observers have reported by then.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(requested).toEqual([]);

    await carousel.scrollIntoViewIfNeeded();
    const first = page.locator("img.lesson-thumb").first();
    await expect(first).toBeVisible();
    await expect(first).toHaveAttribute("width", "480");
    await expect(first).toHaveAttribute("height", "360");
    await expect(first).toHaveAttribute(
      "src",
      /^https:\/\/i\.ytimg\.com\/vi_webp\/[\w-]+\/hqdefault\.webp$/,
    );
    // Only the cards in view and one arrow step ahead, not all fifteen.
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.length).toBeLessThan(15);

    // Third-party hosts are blocked again: a thumbnail that fails is hidden.
    await page.unroute(/^https:\/\/i\.ytimg\.com\//);
    const failed: string[] = [];
    page.on("requestfailed", (request) => failed.push(request.url()));
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await carousel.scrollIntoViewIfNeeded();
    await expect(page.locator(".lesson-card").first().locator(".lesson-thumb-empty")).toBeVisible();
    await expect(page.locator(".lesson-card").first().locator("img")).toHaveCount(0);
    expect(failed.some((url) => url.startsWith("https://i.ytimg.com/"))).toBe(true);
  });
});
