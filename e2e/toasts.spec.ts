import type { Locator, Page } from "@playwright/test";
import { href } from "react-router";
import {
  expect,
  fillSignupForm,
  gotoHydrated,
  makeStudent,
  nextAnswer,
  screenshotPath,
  signUpByApi,
  signupApi,
  stopTime,
  test,
} from "./fixtures.ts";

/** docs/spec.md §8: error red (the site's --red). Success teal: home-after-signup.spec.ts. */
const red = "rgb(179, 38, 30)";

/** Two boxes on screen that share some pixels. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A few turns of the page's event loop, which page.clock leaves alone: React renders in them. */
const letReactRun = (page: Page) =>
  page.evaluate(async () => {
    for (let turn = 0; turn < 3; turn++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });

/**
 * How long `shown` stays on the page from now, in the page's time: moved at once to 100 ms
 * before `dueMs`, when its time is up (nothing of the toast's is due earlier), then in 100 ms
 * steps. The library takes a toast off the page one second after its time is up, with a timer
 * it starts once React has drawn the toast leaving: React runs between steps.
 */
async function msOnPage(page: Page, shown: Locator, dueMs: number) {
  await page.clock.runFor(dueMs - 100);
  await letReactRun(page);
  expect(await shown.count(), "the toast left before its time was up").toBeGreaterThan(0);
  for (let elapsed = dueMs; elapsed <= 10_000; elapsed += 100) {
    await page.clock.runFor(100);
    await letReactRun(page);
    if ((await shown.count()) === 0) return elapsed;
  }
  throw new Error("the toast was still there 10 s later");
}

/** The connection drops on every sign-up: each press of Continue ends in an error toast. */
const dropSignups = (page: Page) => page.route(`**${signupApi}`, (route) => route.abort("failed"));

test.describe("toasts (spec §8 and §9)", () => {
  test("a lost connection's error toast is red, says so, and stays 4 seconds", async ({ page }) => {
    await dropSignups(page);
    await gotoHydrated(page, href("/join/:id?"));
    await stopTime(page);
    await fillSignupForm(page, makeStudent());
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    const shown = page.locator(".toast-error");
    await expect(shown).toHaveCount(1);
    // The browser's own words for the failure (api-client.test.ts turns it into the message).
    await expect(shown).toHaveText(/Failed to fetch|Network error/);
    await expect(page).toHaveURL("/join");
    await expect(shown).toHaveCSS("background-color", red);
    // 4 s up, then a second leaving (see msOnPage); a step or two of slack.
    const ms = await msOnPage(page, shown, 4000);
    expect(ms).toBeGreaterThanOrEqual(5000);
    expect(ms).toBeLessThanOrEqual(5300);
  });

  test("at most 20 toasts are shown at once", async ({ page }) => {
    await dropSignups(page);
    await gotoHydrated(page, href("/join/:id?"));
    await stopTime(page);
    await fillSignupForm(page, makeStudent());
    const shown = page.locator(".toast");
    for (let pressed = 1; pressed <= 22; pressed++) {
      await page.getByRole("button", { name: "Continue", exact: true }).press("Enter");
      await expect(shown).toHaveCount(Math.min(pressed, 20));
      // The form is ready for the next press once the failure is reported.
      await expect(page.getByRole("button", { name: "Continue", exact: true })).not.toHaveAttribute(
        "aria-disabled",
        "true",
      );
    }
  });

  // Fixed to the screen, a toast lies over whatever is scrolled under it: these lie in the flow.
  test("a refusal's toast lies over no field", async ({ page, request }, testInfo) => {
    const taken = makeStudent();
    await signUpByApi(request, taken);
    await gotoHydrated(page, "/join");
    await fillSignupForm(page, { ...taken, password: "another long password" });
    const answer = nextAnswer(page, signupApi);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    expect((await answer).status).toBe(400);
    const shown = page.locator(".toast-error");
    await expect(shown).toBeVisible();
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.screenshot({ path: screenshotPath(testInfo, "join-toast-in-flow"), fullPage: true });
    const inputs = page.locator("main input:not([type=hidden])");
    // Where the refusal left the page, and scrolled to each field in turn.
    for (const at of [null, ...(await inputs.all())]) {
      if (at) await at.scrollIntoViewIfNeeded();
      const toastBox = await shown.boundingBox();
      if (!toastBox) throw new Error("the toast has no box");
      for (const input of await inputs.all()) {
        const box = await input.boundingBox();
        if (box)
          expect(
            overlap(box, toastBox),
            `the toast covers ${await input.getAttribute("name")}`,
          ).toBe(false);
      }
    }
  });
});
