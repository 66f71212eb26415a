import { about } from "@ysp/content/about";
import { href } from "react-router";
import { expect, test } from "./fixtures.ts";

test("About us states the mission and the platform: affordable pre-recorded classes and materials", async ({
  page,
}) => {
  await page.goto(href("/about-us"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About YSP");
  const main = page.locator("main");
  await expect(main).toContainText(about.mission);
  await expect(main).toContainText("affordable pre-recorded classes and learning materials");
  for (const audience of ["Students", "Exam candidates", "Parents", "Teachers"])
    await expect(main.getByRole("heading", { name: audience })).toBeVisible();
});
