import { displayPhone, site } from "@ysp/content/site";
import { href } from "react-router";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./fixtures.ts";

test.describe("FAQs", () => {
  test("15 questions, one answer open at a time, the open one closes on click", async ({
    page,
  }) => {
    await gotoHydrated(page, href("/faqs"));
    const items = page.locator("details.accordion-item");
    await expect(items).toHaveCount(15);
    await expect(page.locator("details[open]")).toHaveCount(0);

    await items.nth(0).locator("summary").click();
    await expect(items.nth(0)).toHaveAttribute("open", "");
    await items.nth(3).locator("summary").click();
    await expect(items.nth(3)).toHaveAttribute("open", "");
    await expect(page.locator("details[open]")).toHaveCount(1);
    await expectNoAxeViolations(page);
    await items.nth(3).locator("summary").click();
    await expect(page.locator("details[open]")).toHaveCount(0);

    await items.nth(5).locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(items.nth(5)).toHaveAttribute("open", "");
  });

  test("cover plans, exams and the claims of the spec", async ({ page }) => {
    await page.goto(href("/faqs"));
    const text = (await page.locator(".accordion").textContent()) ?? "";
    for (const needle of [
      "₦5,000",
      "₦12,000",
      "₦35,000",
      "WAEC",
      "NECO",
      "JAMB UTME",
      "IELTS",
      "SAT",
      "Cambridge A-Levels",
      "TOEFL",
      "GRE",
      "GMAT",
    ]) {
      expect(text, needle).toContain(needle);
    }
    expect(text).toMatch(/offline/i);
    expect(text).toMatch(/progress report/i);
    expect(text).toMatch(/family/i);
  });

  test("Get in touch opens the chat", async ({ page }) => {
    await page.goto(href("/faqs"));
    const link = page.getByRole("link", { name: /Get in touch/ });
    const chat = new URL((await link.getAttribute("href")) ?? "");
    expect(`${chat.origin}${chat.pathname}`).toBe(`https://wa.me/${site.phone.slice(1)}`);
    expect(chat.searchParams.get("text")).toBeTruthy();
    await expect(link).toHaveAttribute("target", "_blank");
  });
});

test.describe("legal pages", () => {
  test("Terms of Service: linked contents and the spec's numbers", async ({ page }) => {
    await gotoHydrated(page, href("/terms-of-service"));
    const toc = page.getByRole("navigation", { name: "Contents" });
    const links = toc.getByRole("link");
    expect(await links.count()).toBeGreaterThanOrEqual(25);
    for (const href of await links.evaluateAll((as) =>
      as.map((a) => a.getAttribute("href") ?? ""),
    )) {
      await expect(page.locator(href)).toHaveCount(1);
    }
    const text = (await page.locator("article").textContent()) ?? "";
    for (const needle of [
      "at least 13 years old",
      "informal negotiation for 10 business days",
      "all within 5 business days",
      "within 20 business days of being appointed",
      "The seat of arbitration is Lagos",
      "governed by the laws of the Federal Republic of Nigeria",
    ]) {
      expect(text, needle).toContain(needle);
    }
    const contact = page.locator("#contact-us");
    for (const line of [
      site.name,
      `${site.address.street}, Lagos, Nigeria`,
      `Phone: ${displayPhone(site.phone)}`,
      `Email: ${site.email}`,
    ]) {
      await expect(contact.getByText(line, { exact: true })).toBeVisible();
    }
    await links.filter({ hasText: "Resolving disputes" }).click();
    await expect(page).toHaveURL(/#dispute-resolution$/);
    await expect(page.locator("#dispute-resolution")).toBeInViewport();
  });

  test("Privacy Policy: linked contents, breach remedy and the data protection officer", async ({
    page,
  }) => {
    await gotoHydrated(page, href("/privacy-policy"));
    const links = page.getByRole("navigation", { name: "Contents" }).getByRole("link");
    expect(await links.count()).toBeGreaterThanOrEqual(9);
    const text = (await page.locator("article").textContent()) ?? "";
    expect(text).toContain("one calendar month");
    expect(text).toMatch(/data protection officer/i);
  });
});
