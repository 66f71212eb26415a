import { headerText } from "@ysp/content/header";
import { href } from "react-router";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./fixtures.ts";

const items = ["About Us", "Sponsor a Child", "Mentors", "FAQs", "Log In"];

test.describe("header", () => {
  // The full navigation shows on wide screens; where its links go is read from the build
  // (web/app/built-pages.test.ts).
  test("is sticky and shows its whole navigation", { tag: "@desktop" }, async ({ page }) => {
    await gotoHydrated(page, href("/terms-of-service"));
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of items) await expect(nav.getByRole("link", { name })).toBeVisible();
    await expect(page.locator(".site-header").getByRole("link", { name: /Sign up/ })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 2000));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect((await page.locator(".site-header").boundingBox())?.y).toBe(0);
  });

  // Home carries its own inline scripts, the other pages the shared ones: one of each. Every
  // page's menu is opened in e2e/routes.spec.ts.
  for (const path of ["/", "/faqs"]) {
    test(`the mobile menu on ${path} is a modal dialog: focus, Esc, a tap outside, close, navigation`, async ({
      page,
    }) => {
      await gotoHydrated(page, path);
      const opener = page.getByRole("button", { name: "Open menu" });
      await opener.click();
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect(menu).toBeVisible();
      for (const name of [...items, headerText.menuSignUp]) {
        await expect(menu.getByRole("link", { name })).toBeVisible();
      }
      expect(await menu.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      const overflow = () =>
        page.evaluate(() => getComputedStyle(document.documentElement).overflow);
      expect(await overflow()).toBe("hidden");
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(opener).toBeFocused();
      expect(await overflow()).not.toBe("hidden");

      await opener.click();
      await expect(menu).toBeVisible();
      await page.mouse.click(5, 400);
      await expect(menu).toBeHidden();

      await opener.click();
      await menu.getByRole("button", { name: "Close menu" }).click();
      await expect(menu).toBeHidden();

      await opener.click();
      await menu.getByRole("link", { name: "About Us" }).click();
      await expect(page).toHaveURL("/about-us");
      await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("About YSP");
    });
  }
});

test.describe("store links by device", () => {
  // Built, every store link goes to Google Play (web/app/built-pages.test.ts); the page's script
  // points them to the App Store on Apple devices only (web/app/components/inline-scripts.test.ts).
  test.use({
    viewport: { width: 390, height: 844 },
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  });
  test("an iPhone gets the App Store on home and on the other pages", async ({ page }) => {
    for (const path of ["/", "/faqs"]) {
      await gotoHydrated(page, path);
      const hrefs = await page
        .locator("[data-store-link]")
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs.length, path).toBeGreaterThanOrEqual(2);
      for (const href of hrefs) expect(href, path).toMatch(/^https:\/\/apps\.apple\.com\//);
    }
  });
});

test.describe("footer", () => {
  // Its contact details, link groups and the form's label are read from the build
  // (web/app/built-pages.test.ts).
  test("the newsletter form says what is missing when sent empty", async ({ page }) => {
    await gotoHydrated(page, href("/"));
    const footer = page.locator("footer");
    const email = footer.getByLabel(/email/i);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByText("Please enter your email")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
  });

  test("the chat button stays at the bottom right, and nothing is left underneath it", async ({
    page,
  }) => {
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const box = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };

    for (const [path, content] of [
      ["/", "footer a, footer input, footer button, footer h2, footer address, footer p"],
      ["/faqs", "footer a, footer input, footer button, footer h2, footer address, footer p"],
      ["/join", 'main a, main input, main button[type="submit"]'],
    ] as const) {
      await gotoHydrated(page, path);
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      // Fixed (spec §1): in the same corner wherever the student has scrolled.
      for (let y = 0; y <= height; y += Math.round(height / 5)) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        const chat = await box("a.chat-button");
        expect(viewport.width - (chat.x + chat.width), `${path} at ${y}`).toBeLessThanOrEqual(24);
        expect(viewport.height - (chat.y + chat.height), `${path} at ${y}`).toBeLessThanOrEqual(24);
        expect(chat.y, `${path} at ${y}`).toBeGreaterThan(0);
      }
      // At the end of the page nothing stays underneath it, so everything can be reached.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const chat = await box("a.chat-button");
      for (const target of await page.locator(content).all()) {
        const rect = await target.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
        if (rect.width === 0 || rect.height === 0) continue;
        expect(
          overlaps(chat, rect),
          `${path}: chat button over ${await target.textContent()}`,
        ).toBe(false);
      }
    }
  });
});
