import type { href } from "react-router";

/**
 * Every page, once. routes.ts, the prerender list (react-router.config.ts),
 * the sitemap and the build's page list for the server (scripts/postbuild.ts),
 * root.tsx's choice to ship React, the browser tests and the bench all read
 * this list: adding a page is an entry here and its module in routes/.
 *
 * Plain data with no imports, so Node, Vite, Playwright and the bench can all
 * load it.
 */
export type Page = {
  /** The route's id; also the page's name in test titles, screenshots and the bench. */
  id: string;
  /** The URL pattern React Router matches, as `href()` takes it. */
  path: string;
  /** The route module, relative to app/. */
  module: `routes/${string}.tsx`;
  /** Inside the site layout (routes/site-layout.tsx): the header and footer. */
  chrome: boolean;
  /**
   * Ships React and the router, which take the page over. False: the HTML
   * rendered at build time is the whole page, with no framework JavaScript;
   * its interactive bits use the platform (details, dialog commands, forms).
   */
  hydrates: boolean;
  /**
   * On a page that does not hydrate: the script it may carry, in KB, its files as sent and its
   * inline scripts together. Unsaid, 5: the store link, the dialogs' fallback, form checks and
   * the typo hint's loader. Home says 10 (docs/decisions/028): its video dialog, carousel and notice, and the
   * script that shows a sign-up's toasts, all inline.
   */
  scriptKb?: number;
  /** Listed in the sitemap for search engines. */
  indexed: boolean;
  /**
   * Kept by the server to write pages into (an answer, a staff page): nobody opens it at its
   * own address, so the browser tests, the build's checks and the bench pass it by.
   */
  frame?: true;
  /**
   * A page of the staff area (decision 041), for the company's staff on their own devices:
   * the bench's budgets, which are a student's on a slow phone, do not measure it.
   */
  staff?: true;
  /** The path the build renders to an HTML file: the page itself where its pattern has no parameters. */
  builtAt: string;
  /**
   * Another URL this page answers, which tests and the bench load as a visitor
   * arrives there: an invite link, an address nobody serves.
   */
  example?: string;
};

/**
 * The not-found page: React Router renders it for a path no other route owns,
 * so the build renders it at one, and the server sends that file with a 404.
 */
export const notFoundPage = {
  id: "not-found",
  path: "/*",
  module: "routes/not-found.tsx",
  chrome: false,
  hydrates: false,
  indexed: false,
  builtAt: "/__not-found",
  example: "/no-such-page",
} as const satisfies Page;

/**
 * The frame the server writes an answer into when it cannot be a page of its own (a link that
 * cannot be used, a limit reached, a form from another site): the site's header and footer around
 * an empty card. The build renders it, and the server keeps it for itself: nobody opens it.
 */
export const answerFramePage = {
  id: "answer-frame",
  path: "/__answer",
  module: "routes/answer-frame.tsx",
  chrome: true,
  hydrates: false,
  indexed: false,
  builtAt: "/__answer",
  frame: true,
} as const satisfies Page;

/**
 * A page of the staff area: never indexed, and carrying the passkey ceremony's script (the
 * @simplewebauthn/browser bundle with ours: 10.7 KB with the every-page scripts, 3 KB brotli).
 */
const staffPage = <const Id extends string, const Path extends string>(
  id: Id,
  path: Path,
  module: `routes/${string}.tsx`,
) =>
  ({
    id,
    path,
    module,
    chrome: false,
    hydrates: false,
    scriptKb: 12,
    indexed: false,
    builtAt: path,
    staff: true,
  }) as const satisfies Page;

/** A page a form posted without a script lands on (contract's answerPages): one module for all. */
const answerPage = <const Id extends string, const Path extends string>(id: Id, path: Path) =>
  ({
    id,
    path,
    module: "routes/form-answer.tsx",
    chrome: true,
    hydrates: false,
    indexed: false,
    builtAt: path,
  }) as const satisfies Page;

export const pages = [
  {
    id: "home",
    path: "/",
    module: "routes/home.tsx",
    chrome: true,
    hydrates: false,
    scriptKb: 10,
    indexed: true,
    builtAt: "/",
  },
  // The home page again, at /login: students log in in the app, not on the site (docs/spec.md
  // §2), so a link to /login lands on home. Not indexed: it would be home twice.
  {
    id: "login",
    path: "/login",
    module: "routes/home.tsx",
    chrome: true,
    hydrates: false,
    scriptKb: 10,
    indexed: false,
    builtAt: "/login",
  },
  {
    id: "about-us",
    path: "/about-us",
    module: "routes/about-us.tsx",
    chrome: true,
    hydrates: false,
    indexed: true,
    builtAt: "/about-us",
  },
  {
    id: "faqs",
    path: "/faqs",
    module: "routes/faqs.tsx",
    chrome: true,
    hydrates: false,
    indexed: true,
    builtAt: "/faqs",
  },
  {
    id: "terms-of-service",
    path: "/terms-of-service",
    module: "routes/terms-of-service.tsx",
    chrome: true,
    hydrates: false,
    indexed: true,
    builtAt: "/terms-of-service",
  },
  {
    id: "privacy-policy",
    path: "/privacy-policy",
    module: "routes/privacy-policy.tsx",
    chrome: true,
    hydrates: false,
    indexed: true,
    builtAt: "/privacy-policy",
  },
  // Sign-up, from the menu or from a student's invite link; the code is read in the browser.
  {
    id: "join",
    path: "/join/:id?",
    module: "routes/join.tsx",
    chrome: false,
    hydrates: true,
    indexed: false,
    builtAt: "/join",
    example: "/join/ABC123",
  },
  // Where a sign-up without a script lands (a 303 from the API): not under /join, whose next
  // segment is an invite code. The same for everyone, so it names no address.
  {
    id: "signed-up",
    path: "/signed-up",
    module: "routes/signed-up.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/signed-up",
  },
  // Where the browser that has just signed up puts a mistyped address right; the server writes
  // the account's address and its form in for that browser only.
  {
    id: "correct-email",
    path: "/correct-email",
    module: "routes/correct-email.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/correct-email",
  },
  // The pages about an account: where links in mail lead, and where the app sends a student who
  // forgot a password. Focused like the sign-up page, and of no use to search engines.
  {
    id: "verify-email",
    path: "/verify-email",
    module: "routes/verify-email.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/verify-email",
  },
  {
    id: "email-confirmed",
    path: "/email-confirmed",
    module: "routes/email-confirmed.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/email-confirmed",
  },
  {
    id: "forgot-password",
    path: "/forgot-password",
    module: "routes/forgot-password.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/forgot-password",
  },
  {
    id: "reset-password",
    path: "/reset-password",
    module: "routes/reset-password.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/reset-password",
  },
  // A person's own data, a parent's permission and the newsletter's confirmation: reached by
  // links in mail (and "Your data" in the footer); focused, and of no use to search engines.
  {
    id: "your-data",
    path: "/your-data",
    module: "routes/your-data.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/your-data",
  },
  {
    id: "your-data-manage",
    path: "/your-data/manage",
    module: "routes/your-data-manage.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/your-data/manage",
  },
  // The download as a page to read and print; the server writes the data in.
  {
    id: "your-data-view",
    path: "/your-data/view",
    module: "routes/your-data-view.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/your-data/view",
  },
  {
    id: "guardian-consent",
    path: "/guardian-consent",
    module: "routes/guardian-consent.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/guardian-consent",
  },
  // "Are you sure?" before a parent's refusal: the server sends it in answer to the refusal's
  // first post, at /guardian-consent's own address; opened here, it says what it is for.
  {
    id: "guardian-consent-refuse",
    path: "/guardian-consent/refuse",
    module: "routes/guardian-consent-refuse.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/guardian-consent/refuse",
  },
  {
    id: "newsletter-confirm",
    path: "/newsletter-confirm",
    module: "routes/newsletter-confirm.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/newsletter-confirm",
  },
  {
    id: "unsubscribe",
    path: "/unsubscribe",
    module: "routes/unsubscribe.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/unsubscribe",
  },
  // Changing the login address, for someone without the app at hand, and the two links that
  // change mails carry: to the new address (confirm) and to the old one (put it back).
  {
    id: "change-email",
    path: "/change-email",
    module: "routes/change-email.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/change-email",
  },
  {
    id: "change-email-confirm",
    path: "/change-email/confirm",
    module: "routes/change-email-confirm.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/change-email/confirm",
  },
  {
    id: "change-email-undo",
    path: "/change-email/undo",
    module: "routes/change-email-undo.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/change-email/undo",
  },
  // The link "Add Google sign-in to your YSP account?" carries: a tap adds the Google account.
  {
    id: "google-link",
    path: "/login/google/link",
    module: "routes/google-link.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/login/google/link",
  },
  // Asked after Google when the names rule refuses the names it gave.
  {
    id: "google-name",
    path: "/login/google/name",
    module: "routes/google-name.tsx",
    chrome: false,
    hydrates: false,
    indexed: false,
    builtAt: "/login/google/name",
  },
  // Where forms posted without a script land (a 303 from the server): reloading one is a 200.
  answerPage("verify-link-sent", "/verify-email/sent"),
  answerPage("reset-link-sent", "/forgot-password/sent"),
  answerPage("password-changed", "/reset-password/done"),
  answerPage("data-link-sent", "/your-data/sent"),
  answerPage("name-corrected", "/your-data/name-corrected"),
  answerPage("marketing-stopped", "/your-data/marketing-stopped"),
  answerPage("google-removed", "/your-data/google-removed"),
  answerPage("parent-asked", "/your-data/parent-asked"),
  answerPage("parent-agreed", "/your-data/parent-agreed"),
  answerPage("parent-asked-on-confirm", "/email-confirmed/parent-asked"),
  answerPage("parent-agreed-on-confirm", "/email-confirmed/parent-agreed"),
  answerPage("account-deleted", "/your-data/deleted"),
  answerPage("guardian-granted", "/guardian-consent/granted"),
  answerPage("guardian-refused", "/guardian-consent/refused"),
  answerPage("newsletter-asked", "/newsletter/check-email"),
  answerPage("newsletter-confirmed", "/newsletter/subscribed"),
  answerPage("unsubscribed", "/newsletter/unsubscribed"),
  answerPage("email-change-asked", "/change-email/sent"),
  answerPage("email-changed", "/change-email/done"),
  answerPage("email-change-undone", "/change-email/undone"),
  // The staff area (decision 041): its login and the page an enrolment link opens, prerendered
  // with the passkey script; the frame the server writes every other staff page into.
  staffPage("staff-login", "/staff/login", "routes/staff-login.tsx"),
  staffPage("staff-enrol", "/staff/enrol", "routes/staff-enrol.tsx"),
  { ...staffPage("staff-frame", "/__staff", "routes/staff-frame.tsx"), frame: true },
  answerFramePage,
  notFoundPage,
] as const satisfies readonly Page[];

/** Whether a page is one a visitor opens: every page but the frames the server writes into. */
export const isVisited = (page: Page): boolean => page.frame !== true;

/** Whether a page is the staff area's (Page.staff). */
export const isStaffPage = (page: Page): boolean => page.staff === true;

/** The script a page that does not hydrate may carry, in KB (Page.scriptKb). */
export const scriptBudgetKb = (page: Page): number => page.scriptKb ?? 5;

/** Whether the route with this id is a page that ships no framework JavaScript. */
export const isStaticPage = (routeId: string): boolean =>
  pages.some((page) => page.id === routeId && !page.hydrates);

type Pattern = Parameters<typeof href>[0];

/**
 * A page's own address, checked against the route table React Router generates from this
 * manifest, so a link to a path no page has fails the typecheck; an optional parameter may be
 * left out ("/join"). Only the type is used: it costs the pages no bytes.
 */
export type PagePath = {
  [P in Pattern]: P extends `${infer Base}/:${string}?`
    ? Base
    : P extends `${string}:${string}` | `${string}*`
      ? never
      : P;
}[Pattern];
