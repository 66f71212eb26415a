import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  test as base,
  expect,
  type Locator,
  type Page,
  type Route,
  type TestInfo,
} from "@playwright/test";
import type { ApiErrorBody, LoginResponse, SignupResponse } from "@ysp/contract";
import { fillSignupForm } from "@ysp/testing/signup-form";
import { makeStudent, type Student, uniqueTag } from "@ysp/testing/students";
import { checkEmailKey } from "@ysp/web/check-email-note";
import { isVisited, notFoundPage, pages as sitePages } from "@ysp/web/pages";
import { sessionKeys } from "@ysp/web/session";
import { matchPath } from "react-router";
import { linkTo, waitForMail } from "./inbox.ts";

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

/** From here on the page's time moves only when the test moves it (page.clock.runFor). */
export async function stopTime(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
}

/** Holds back the requests matching `url`, as a slow link does, until the returned function is called. */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    // On to a test's other handlers (nextAnswer's); released after the page that asked has gone
    // (a form posted, a page left), there is nothing to continue.
    await route.fallback().catch(() => {});
  });
  return release;
}

/**
 * The site's own files, which must always arrive. API calls and documents are
 * left out: tests expect some of them to fail (a 404 page, a form post
 * answered 400, a sign-up refused).
 */
const assetTypes = new Set(["script", "stylesheet", "image", "font", "manifest"]);

/**
 * Every page: third-party hosts are blocked (there is no internet here, and a
 * test must not depend on one); CSP violations, uncaught errors, any
 * alert/confirm dialog and any of the site's own files answered with an error
 * status fail the test.
 */
export const test = base.extend<{ problems: Problems }>({
  problems: [
    async ({ page, baseURL }, use, testInfo) => {
      const problems: Problems = { errors: [], cspViolations: [] };
      const ownOrigin = new URL(baseURL ?? "http://127.0.0.1").origin;
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
      // A stylesheet or script answered with an HTML error page is blocked before any response
      // is reported; the browser's "Refused to apply style / execute script" error fails it below.
      page.on("response", (response) => {
        const type = response.request().resourceType();
        if (
          response.status() >= 400 &&
          assetTypes.has(type) &&
          new URL(response.url()).origin === ownOrigin
        )
          problems.errors.push(`${type} answered ${response.status()}: ${response.url()}`);
      });
      // The browser's own line for a failed request says neither what nor why: the site's
      // files are checked above, and blocked hosts and refused API calls are expected.
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

export { expect, fillSignupForm, makeStudent, type Student, uniqueTag };

/**
 * Every URL the browser tests go through: each page where the build renders
 * it, then its example (an invite link; for the not-found page, an address
 * nobody serves, instead of the path it is built at).
 */
export const pages = sitePages
  // The server keeps the answer frame for itself: nobody opens it (see pages.ts).
  .filter(isVisited)
  .flatMap((page) =>
    (page === notFoundPage
      ? [page.example]
      : [page.builtAt, ...("example" in page ? [page.example] : [])]
    ).map((path, i) => ({
      path,
      name: i === 0 ? page.id : `${page.id}-example`,
      chrome: page.chrome,
      hydrates: page.hydrates,
    })),
  );

/** The page React Router renders for a URL, found by the same patterns. */
const pageAt = (url: string) =>
  sitePages.find((page) => matchPath(page.path, new URL(url, "http://localhost").pathname)) ??
  notFoundPage;

/** Open a page and, where the page is hydrated, wait until React has taken it over. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  if (pageAt(path).hydrates)
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await showSkippedSections(page);
  return response;
}

/**
 * Sections far from the screen are not laid out until a reader scrolls near them
 * (content-visibility: auto, app.css): until then their links measure 0×0, their width is not
 * in the page's, and a full-page screenshot may catch them blank or drawn. Tests that judge the
 * whole page lay them out first, as the reader scrolling to them would see them; axe needs it
 * too, since it judges unrendered text against whatever lies at its place (axe-core issue 2768).
 */
export const showSkippedSections = (page: Page) =>
  page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>("*"))
      if (getComputedStyle(element).contentVisibility === "auto")
        element.style.contentVisibility = "visible";
  });

/**
 * Whether two screenshots of one page look the same to a reader. Equal bytes answer at once.
 * Otherwise no pixel may move by more than 2 levels in any channel: two renders of the same
 * page can differ by 1 level in a rounded corner's anti-aliasing (12 pixels at /join's inputs'
 * corners, one run in three), while the faintest change of colour a reader could see is larger.
 * The PNGs are decoded in a blank page of the given page's browser.
 */
export async function looksTheSame(page: Page, one: Buffer, other: Buffer) {
  if (one.equals(other)) return true;
  const browser = page.context().browser();
  if (!browser) throw new Error("looksTheSame needs a page of a launched browser");
  const blank = await browser.newPage();
  try {
    return await blank.evaluate(
      async ({ a, b }) => {
        const pixels = async (base64: string) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
          const canvas = new OffscreenCanvas(image.width, image.height);
          const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
          context.drawImage(image, 0, 0);
          return context.getImageData(0, 0, image.width, image.height);
        };
        const [x, y] = await Promise.all([pixels(a), pixels(b)]);
        if (x.width !== y.width || x.height !== y.height) return false;
        return x.data.every((value, i) => Math.abs(value - (y.data[i] ?? 0)) <= 2);
      },
      { a: one.toString("base64"), b: other.toString("base64") },
    );
  } finally {
    await blank.close();
  }
}

/** The page's CSP violations, read now: the fixture's list starts again on every new document. */
export const cspViolations = (page: Page) => page.evaluate(() => window.__cspViolations);

/** Step down the page so anything loaded on scroll (images, observers) gets its chance. */
export async function scrollToBottom(page: Page) {
  for (let y = 0; ; ) {
    const { height, view } = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      view: window.innerHeight,
    }));
    if (y >= height) break;
    y += view;
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.evaluate(() => new Promise(requestAnimationFrame));
  }
  await expect
    .poll(() => page.evaluate(() => window.scrollY + window.innerHeight))
    .toBeGreaterThanOrEqual(await page.evaluate(() => document.documentElement.scrollHeight - 1));
}

/** What axe finds wrong with the page as it is now, a line a rule: its id and the elements. */
export async function axeViolations(page: Page) {
  await showSkippedSections(page);
  // Legacy mode runs axe once in the page. The default runs it in each frame and then again in
  // a blank page it opens to merge the results, for cross-origin frames: there are none to judge
  // here (the video player's is blocked, as every third party is), and it took twice as long,
  // 1.5-2.4 s a page against 0.6-1.0. Every rule still runs on every element, but only the
  // violations are described in full, not each element that passes: 20 s instead of 28 for the
  // first twelve pages.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** A toast on screen; its text is also read out from the page's live region, so plain getByText finds two. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator(".toast", { hasText: text });

/** Where a test saves a screenshot to look at: an ignored folder, one per viewport. */
export const screenshotPath = (testInfo: TestInfo, name: string) =>
  `e2e/screenshots/${testInfo.project.name}/${name}.png`;

export const signupApi = "/api/v1/auth/signup/";

/**
 * The status and JSON body of the server's answer to the page's next request to `path`
 * (start it before the click that sends one). Tests expect the server's own words from
 * here rather than a copy of them, which would drift. The answer is read as it passes, in the
 * test: a sign-up's is followed at once by a full page load to home, and the browser forgets
 * the old document's answers when the new one arrives. A context route, so the page's own
 * routes (holdRequests) come first and fall back to it.
 */
export async function nextAnswer<Body>(page: Page, path: string) {
  const context = page.context();
  const matches = (url: URL) => url.pathname === path;
  const answer = new Promise<{ status: number; body: Body }>((resolve, reject) => {
    const read = async (route: Route) => {
      try {
        const response = await route.fetch();
        resolve({ status: response.status(), body: (await response.json()) as Body });
        await route.fulfill({ response });
      } catch (error) {
        reject(error);
      }
    };
    // Once: removing the handler while it runs would let the browser send the request itself too.
    context.route(matches, read, { times: 1 }).catch(reject);
  });
  return answer;
}

/** docs/spec.md §8: a sign-up's first toast is the server's message with a thumbs-up. */
export const signedUpToast = (answer: SignupResponse) => `${answer.message} 👍`;

/** docs/spec.md §8: a refusal's toast is the first error's detail; `code` is the refusal the test meant. */
export function firstDetail(answer: ApiErrorBody, code: string) {
  const [first] = answer.errors;
  expect(first?.code).toBe(code);
  return first?.detail ?? "";
}

/** A login through the API, as the app makes it: the answer, whatever it is. */
export const logIn = (request: APIRequestContext, email: string, password: string) =>
  request.post("/api/v1/auth/login/", { data: { email, password } });

/** The student as the API tells a login now (their consent, their corrected name). */
export async function loggedInUser(request: APIRequestContext, student: Student) {
  const login = await logIn(request, student.email, student.password);
  expect(login.status()).toBe(200);
  return ((await login.json()) as LoginResponse).user;
}

/** Signs the student up and logs in through the API, as the app would: the session it gets. */
export async function signUpByApi(request: APIRequestContext, student: Student) {
  const response = await request.post(signupApi, { data: student });
  expect(response.status()).toBe(201);
  const login = await logIn(request, student.email, student.password);
  expect(login.status()).toBe(200);
  return {
    signedUp: (await response.json()) as SignupResponse,
    ...((await login.json()) as LoginResponse),
  };
}

/** The two stores that may hold the session entries of spec §3 (`sessionKeys`). */
type SessionStore = "sessionStorage" | "localStorage";

/** Leaves a session in the page's storage as the app does after a login. */
export async function storeSession(
  page: Page,
  session: Partial<Record<(typeof sessionKeys)[number], string>>,
  stores: readonly SessionStore[] = ["sessionStorage"],
) {
  await page.evaluate(
    ([entries, names]) => {
      for (const name of names)
        for (const [key, value] of Object.entries(entries)) window[name].setItem(key, value);
    },
    [session, stores] as const,
  );
}

/** Session entries still stored, as "localStorage.user": none once a session is cleared. */
export const sessionEntriesLeft = (page: Page) =>
  page.evaluate(
    (keys) =>
      (["sessionStorage", "localStorage"] as const).flatMap((name) =>
        keys.filter((key) => window[name].getItem(key) !== null).map((key) => `${name}.${key}`),
      ),
    sessionKeys,
  );

/** The ids an input is described by. */
export const describedBy = async (input: Locator) =>
  ((await input.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);

/** The message under `input`, found by its aria-describedby, with the input marked invalid. */
export async function expectMessageUnder(page: Page, input: Locator, message: string) {
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const texts = await Promise.all(
    (await describedBy(input)).map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  expect(texts).toContain(message);
}

/**
 * Opens the student's "Confirm your email" link as its page posts it, through `request`, for
 * tests about what comes after: the address is confirmed, and the data cookie the answer leaves
 * stays with `request` (`page.request` shares it with the page). The page itself is tried in
 * signup-journey.spec.ts and form-answers.spec.ts.
 */
export async function confirmByLink(request: APIRequestContext, email: string) {
  const link = linkTo(await waitForMail(email, "Confirm your email"), "/verify-email");
  const confirmed = await request.post(link, { form: {}, maxRedirects: 0 });
  expect(confirmed.status()).toBe(303);
}

/**
 * Signs the student up as /join does, in this page's browser (the cookie a correction knows the
 * account by), and opens home as the sign-up leaves it: with the note that shows its notice
 * (check-email-note.ts). For tests about home's notice; the form's own are join.spec.ts's.
 */
export async function signedUpHome(page: Page, student: Student) {
  const signedUp = await page.request.post(signupApi, { data: student });
  expect(signedUp.status()).toBe(201);
  // The site's smallest document, to write into this tab's storage for the site.
  await page.goto("/robots.txt");
  await page.evaluate(([key, email]) => sessionStorage.setItem(key, email), [
    checkEmailKey,
    student.email,
  ] as const);
  await page.goto("/");
}
