import { headerText } from "@ysp/content/header";
import { displayPhone, site } from "@ysp/content/site";
import { href } from "react-router";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./fixtures.ts";

const items = ["About Us", "Sponsor a Child", "Mentors", "FAQs", "Log In"];

test.describe("header", () => {
  // The full navigation shows on wide screens.
  test("is sticky and links where the spec says", { tag: "@desktop" }, async ({ page }) => {
    await gotoHydrated(page, href("/terms-of-service"));
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of items) await expect(nav.getByRole("link", { name })).toBeVisible();
    await expect(nav.getByRole("link", { name: /Sponsor a Child/ })).toHaveAttribute(
      "target",
      "_blank",
    );
    await expect(nav.getByRole("link", { name: /Log In/ })).toHaveAttribute(
      "href",
      /play\.google\.com/,
    );
    await expect(
      page.locator(".site-header").getByRole("link", { name: /Sign up/ }),
    ).toHaveAttribute("href", /play\.google\.com/);
    await page.evaluate(() => window.scrollTo(0, 2000));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect((await page.locator(".site-header").boundingBox())?.y).toBe(0);
  });

  test.describe("mobile menu", () => {
    for (const path of ["/", "/faqs"]) {
      test(`is a modal dialog that takes focus and closes with Esc on ${path}`, async ({
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
      });
    }

    for (const path of ["/", "/about-us"]) {
      test(`closes with its close button and on navigation on ${path}`, async ({ page }) => {
        await gotoHydrated(page, path);
        await page.getByRole("button", { name: "Open menu" }).click();
        const menu = page.getByRole("dialog", { name: "Menu" });
        await menu.getByRole("button", { name: "Close menu" }).click();
        await expect(menu).toBeHidden();

        await page.getByRole("button", { name: "Open menu" }).click();
        await menu.getByRole("link", { name: "FAQs" }).click();
        await expect(page).toHaveURL("/faqs");
        await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          "Frequently asked questions",
        );
      });
    }
  });
});

test.describe("store links by device", () => {
  test("Android and other devices get Google Play", async ({ page }) => {
    await gotoHydrated(page, href("/"));
    const links = page.locator("[data-store-link]");
    expect(await links.count()).toBeGreaterThanOrEqual(5);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(/^https:\/\/play\.google\.com\//);
    }
  });

  test.describe("on an iPhone", () => {
    test.use({
      viewport: { width: 390, height: 844 },
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    });
    for (const path of ["/", "/faqs"]) {
      test(`an iPhone gets the App Store on ${path}`, async ({ page }) => {
        await gotoHydrated(page, path);
        const hrefs = await page
          .locator("[data-store-link]")
          .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
        expect(hrefs.length).toBeGreaterThanOrEqual(2);
        for (const href of hrefs) expect(href).toMatch(/^https:\/\/apps\.apple\.com\//);
      });
    }
  });
});

test.describe("footer", () => {
  test("has the contact details, link groups and a labelled newsletter form", async ({ page }) => {
    await gotoHydrated(page, href("/"));
    const footer = page.locator("footer");
    const address = footer.locator("address");
    for (const line of [site.address.street, "Lagos", displayPhone(site.phone), site.email])
      await expect(address).toContainText(line);
    for (const href of Object.values(site.links))
      await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
    for (const name of ["Company", "Support", "Stay up to date"]) {
      await expect(footer.getByRole("heading", { name })).toBeVisible();
    }
    const email = footer.getByLabel(/email/i);
    await expect(email).toHaveAttribute("type", "email");
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
