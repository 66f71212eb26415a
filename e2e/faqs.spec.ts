import { href } from "react-router";
import { expect, expectNoAxeViolations, gotoHydrated, test } from "./fixtures.ts";

test.describe("FAQs", () => {
  test("one answer open at a time: a click closes the open one, Enter opens one", async ({
    page,
  }) => {
    await gotoHydrated(page, href("/faqs"));
    // The 15 questions and their words are read from the build (web/app/built-pages.test.ts).
    const items = page.locator("details.accordion-item");
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
});
