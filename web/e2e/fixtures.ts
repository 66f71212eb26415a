import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

type Problems = { errors: string[]; cspViolations: string[] };

declare global {
  interface Window {
    __cspViolations: string[];
  }
}

/** There is no internet here, and a test must not depend on one: only this machine answers. */
export const blockThirdParty = (page: Page) =>
  page.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) =>
    route.abort("blockedbyclient"),
  );

/** Holds back the requests matching `url`, as a slow link does, until the returned function is called. */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    // Released after the page that asked has gone (a form posted, a page left): nothing to continue.
    await route.continue().catch(() => {});
  });
  return release;
}

/**
 * Every page: third-party hosts are blocked (there is no internet here, and a
 * test must not depend on one); CSP violations, uncaught errors and any
 * alert/confirm dialog fail the test.
 */
export const test = base.extend<{ problems: Problems }>({
  problems: [
    async ({ page }, use, testInfo) => {
      const problems: Problems = { errors: [], cspViolations: [] };
      await blockThirdParty(page);
      await page.addInitScript(() => {
        window.__cspViolations = [];
        document.addEventListener("securitypolicyviolation", (event) => {
          window.__cspViolations.push(`${event.violatedDirective}: ${event.blockedURI}`);
        });
      });
      page.on("pageerror", (error) => problems.errors.push(error.message));
      page.on("dialog", (dialog) => {
        problems.errors.push(`unexpected ${dialog.type()} dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      page.on("console", (message) => {
        if (message.type() === "error" && !/Failed to load resource/.test(message.text())) {
          problems.errors.push(message.text());
        }
      });
      await use(problems);
      if (!page.isClosed()) {
        const violations = await page.evaluate(() => window.__cspViolations ?? []).catch(() => []);
        problems.cspViolations.push(...violations);
      }
      expect(problems.cspViolations, `CSP violations in ${testInfo.title}`).toEqual([]);
      expect(problems.errors, `errors in ${testInfo.title}`).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Pages that ship no framework JavaScript: React renders them at build time only. */
export const staticPaths = ["/about-us", "/faqs", "/terms-of-service", "/privacy-policy"];
const isStatic = (path: string) =>
  staticPaths.includes(path) || !/^\/($|login$|join(\/|$))/.test(path);

/** Open a page and, where the page is hydrated, wait until React has taken it over. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  if (!isStatic(path)) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  return response;
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary).toEqual([]);
}

export const pages = [
  { path: "/", name: "home", chrome: true },
  { path: "/login", name: "login", chrome: true },
  { path: "/about-us", name: "about-us", chrome: true },
  { path: "/faqs", name: "faqs", chrome: true },
  { path: "/terms-of-service", name: "terms-of-service", chrome: true },
  { path: "/privacy-policy", name: "privacy-policy", chrome: true },
  { path: "/join", name: "join", chrome: false },
  { path: "/join/K7QX9M", name: "join-with-code", chrome: false },
  { path: "/no/such/page", name: "not-found", chrome: false },
] as const;

/** A toast on screen; its text is also read out from the page's live region, so plain getByText finds two. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator(".toast", { hasText: text });

/** Where a test saves a screenshot to look at: an ignored folder, one per viewport. */
export const screenshotPath = (testInfo: TestInfo, name: string) =>
  `web/e2e/screenshots/${testInfo.project.name}/${name}.png`;
