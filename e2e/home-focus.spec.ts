import type { Page } from "@playwright/test";
import { checkEmail, joinPage } from "@ysp/content/join";
import { maskEmail } from "@ysp/contract/email";
import {
  expect,
  fillSignupForm,
  gotoHydrated,
  makeStudent,
  screenshotPath,
  test,
  uniqueTag,
} from "./fixtures.ts";

/**
 * WCAG 2.4.11, Focus Not Obscured: every stop the keyboard reaches on home is on the screen once
 * the browser has scrolled to it, and nothing lies over it (the element at its centre is it, or
 * inside it). With the check-email notice open, which, fixed over the page, hid 13 of them; and
 * the lesson cards, one of which sat 1057 px off the screen's left edge.
 */

type Stop = { name: string; problem: string | null };

/**
 * Tabs from the top of the page to its end (Shift+Tab: from its end to the top), each stop judged
 * once the browser has scrolled to it.
 */
async function everyFocusStop(page: Page, key: "Tab" | "Shift+Tab" = "Tab"): Promise<Stop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    Object.assign(window, { __walked: new WeakSet<Element>() });
  });
  const stops: Stop[] = [];
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press(key);
    const stop = await page.evaluate(async () => {
      // Two frames: any scroll the focus caused has been drawn.
      for (let n = 0; n < 2; n++) await new Promise(requestAnimationFrame);
      // The walk ends where it leaves the page, or where it comes round to a stop it has seen.
      const walked = (window as unknown as { __walked: WeakSet<Element> }).__walked;
      const element = document.activeElement;
      if (!element || element === document.body || walked.has(element)) return null;
      walked.add(element);
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const name = `${element.tagName.toLowerCase()} "${(element.textContent?.trim() || element.getAttribute("aria-label") || element.getAttribute("name") || "").slice(0, 40)}"`;
      const onScreen = x >= 0 && x < window.innerWidth && y >= 0 && y < window.innerHeight;
      const top = onScreen ? document.elementFromPoint(x, y) : null;
      const seen = top !== null && (top === element || element.contains(top));
      const problem = !onScreen
        ? `off the screen, its centre at (${Math.round(x)}, ${Math.round(y)})`
        : seen
          ? null
          : `under ${top?.tagName.toLowerCase()}.${top?.className}`;
      return { name, problem };
    });
    if (!stop) break;
    stops.push(stop);
  }
  return stops;
}

test("every focus stop on home is on the screen and uncovered, with the sign-up notice open", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const student = makeStudent({ email: `ada.${uniqueTag()}@gmial.com` });
  await gotoHydrated(page, "/join");
  await fillSignupForm(page, student);
  await page.getByRole("button", { name: joinPage.submit }).click();
  await expect(page).toHaveURL("/");
  const notice = page.getByRole("region", { name: checkEmail.heading });
  await expect(notice).toContainText(checkEmail.sentTo(maskEmail(student.email)));
  // The sign-up's toasts leave after their 2000 ms (docs/spec.md §8): they are the answer to the
  // press of Continue, not a part of the page the keyboard moves through.
  await expect(page.locator(".toast")).toHaveCount(0, { timeout: 10_000 });
  // Its form open too, so its fields are stops of their own.
  await notice.getByText(`${checkEmail.wrongAddress} ${checkEmail.changeIt}`).click();
  await page.screenshot({ path: screenshotPath(testInfo, "home-notice-open") });

  const stops = await everyFocusStop(page);
  const names = stops.map((stop) => stop.name);
  // The walk reached the notice's parts, the carousel's cards and the footer's newsletter form.
  expect(names).toContain(`button "${checkEmail.close}"`);
  expect(names.filter((name) => name.startsWith('a "Government'))).toHaveLength(5);
  expect(names.some((name) => name.startsWith('input "email"'))).toBe(true);
  expect(
    stops.filter((stop) => stop.problem).map((stop) => `${stop.name}: ${stop.problem}`),
  ).toEqual([]);

  // And with the notice closed, from the end of the page back to its top.
  await page.keyboard.press("Escape");
  await expect(notice).toBeHidden();
  const back = await everyFocusStop(page, "Shift+Tab");
  expect(back.filter((stop) => stop.name.startsWith('a "Government'))).toHaveLength(5);
  expect(
    back.filter((stop) => stop.problem).map((stop) => `${stop.name}: ${stop.problem}`),
  ).toEqual([]);
});
