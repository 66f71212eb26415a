import {
  accountPages,
  googleSignIn,
  googleSignInHref,
  joinSlots,
  type SignupSource,
  signupSourceOf,
  sourceFields,
  sourceFrom,
} from "@ysp/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Students } from "../accounts/students.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { type Edit, hide, href, show, withEdits } from "../pages/page-slots.ts";
import { decodeURIComponentSafe, sendFile } from "../pages/send-file.ts";
import { MissingBuildError, pageWithHtml, type SiteFiles } from "../pages/static-site.ts";

export type JoinPageOptions = {
  site: SiteFiles;
  students: Pick<Students, "idByReferralCode">;
  /** Whether "Continue with Google" is configured: its block is shown, and carries the code. */
  google: boolean;
  /** Our own site's host name (PUBLIC_URL's): a Referer from it names no other site. */
  ownHost: string;
};

/**
 * The browsers that apps open links in (Instagram's, Facebook's, Messenger's, any Android
 * WebView, which says "; wv)"): Google refuses to sign anyone in there (disallowed_useragent).
 */
const inAppBrowser = /\bFBAN\/|\bFBAV\/|\bFB_IAB\/|\bFBIOS\b|\bInstagram\b|\bMessenger|; wv\)/;
const isInAppBrowser = (request: FastifyRequest) =>
  inAppBrowser.test(request.headers["user-agent"] ?? "");

/** The built sign-up page's invite field: its value is empty for every code. */
const inviteInput = /<input [^>]*name="referral_code"[^>]*>/;
/** For a code no student has: the note under the field, and the way on without a code. */
const unknownCode = [show(joinSlots.inviteUnknown), show(joinSlots.inviteWithout)];

/** The invite field the sign-up page is written into for one code: found once, at start-up. */
function inviteInputOf(html: string): string {
  const input = html.match(inviteInput)?.[0];
  const missing = () =>
    new MissingBuildError(
      `The built ${accountPages.join} page has no invite field, note or way on without a code where the server writes them: run \`npm run build\` again.`,
    );
  if (!input?.includes(' value=""') || !input.includes(' aria-describedby="')) throw missing();
  try {
    withEdits(html, unknownCode);
  } catch {
    throw missing();
  }
  return input;
}

/** The form's hidden fields for where the student came from, as built: without a value. */
function sourceInputsOf(html: string): Map<string, string> {
  const inputs = new Map<string, string>();
  for (const name of sourceFields) {
    const input = html.match(new RegExp(`<input [^>]*name="${name}"[^>]*>`))?.[0];
    if (!input?.includes('type="hidden"') || input.includes(" value="))
      throw new MissingBuildError(
        `The built ${accountPages.join} page has no empty hidden field "${name}" where the server writes where a student came from: run \`npm run build\` again.`,
      );
    inputs.set(name, input);
  }
  return inputs;
}

/**
 * Where the student came from, read from the sign-up page's own request: its campaign keys and
 * the site its Referer names. A refused sign-up posted with no script comes back with what its
 * hidden fields sent, the values the rule keeps and no others.
 */
function sourceOfRequest(request: FastifyRequest, ownHost: string): SignupSource {
  if (request.method === "GET" || request.method === "HEAD") {
    const query = new URLSearchParams(request.url.split("?")[1] ?? "");
    return signupSourceOf(query, request.headers.referer, ownHost);
  }
  return sourceFrom(request.body);
}

/**
 * A code as the sign-up schema reads it (trimmed, upper case), when it could be one: letters,
 * digits, "-" and "_", at most 32 (contract/api.ts). Anything else is neither looked up nor written
 * into the page, so an invite link cannot make the site show a web address or a sentence in its
 * own field ("/join/https:%2F%2Fevil.example"): the field stays empty, with the note under it.
 */
function codeOf(raw: string): string | undefined {
  const code = raw.trim().toUpperCase();
  return /^[\p{L}\p{N}_-]{1,32}$/u.test(code) ? code : undefined;
}

/** The invite code an address under /join names, as typed: "/join/K7QX9M?form=sign-up". */
const codeInAddress = new RegExp(`^${accountPages.join}/([^/?]+)/?(?:\\?|$)`);

/**
 * The sign-up page for an invite link, `/join/<code>`, with the code written into its field, so
 * it is there with no script (docs/spec.md §2: "prefilled from the route id"), and the Continue
 * without a script sends it. A code that names no student gets its note under the field at once,
 * with the way on without it, instead of a refusal after the form is filled in. A sign-up posted
 * there and refused comes back as the same page (form-again.ts), what was typed kept.
 */
export const joinPageRoutes: FastifyPluginAsync<JoinPageOptions> = async (
  app,
  { site, students, google, ownHost },
) => {
  const page = site.pages.get(accountPages.join);
  if (!page) return;
  const built = page.identity.body.toString("utf8");
  const builtInput = inviteInputOf(built);
  const sourceInputs = sourceInputsOf(built);

  /** `html` with where the student came from in its hidden fields. Values the rule keeps only:
   * letters, digits, "-", "_" and ".", escaped all the same. */
  function withSource(html: string, source: SignupSource): string {
    let written = html;
    for (const [name, input] of sourceInputs) {
      const value = source[name as keyof SignupSource];
      if (value === undefined) continue;
      written = written.replace(input, () =>
        input.replace(/^<input /, () => `<input value="${escapeHtml(value)}" `),
      );
    }
    return written;
  }
  const hasSource = (source: SignupSource) => Object.keys(source).length > 0;
  /**
   * The button, shown where it works, carrying the code the invite field shows and where the
   * student came from; in an app's own browser, which Google refuses, the way to a browser it
   * takes instead.
   */
  const googleEdits = (code: string, inApp: boolean, source: SignupSource): Edit[] => {
    if (!google) return [];
    const block = show(joinSlots.google);
    if (inApp) return [block, hide(googleSignIn.linkId), show(googleSignIn.inAppId)];
    const from = new URLSearchParams(source).toString();
    return [block, href(googleSignIn.linkId, googleSignInHref(code) + (from ? `&${from}` : ""))];
  };

  /** The page for `code`: every write through a replacer function, never a replacement string
   * (where `$&` or `` $` `` would copy the page into itself). */
  function pageFor(code: string, known: boolean, inApp: boolean, source: SignupSource): string {
    let input = builtInput.replace(' value=""', () => ` value="${escapeHtml(code)}"`);
    // A code nobody has goes no further than this page: the button then signs up without it.
    let filled = withEdits(built, googleEdits(known ? code : "", inApp, source));
    if (!known) {
      input = input.replace(
        / aria-describedby="([^"]*)"/,
        (_tag, ids: string) =>
          ` aria-invalid="true" aria-describedby="${ids} ${joinSlots.inviteUnknown}"`,
      );
      filled = withEdits(filled, unknownCode);
    }
    return withSource(
      filled.replace(builtInput, () => input),
      source,
    );
  }

  /** The page for the code as it came in the address (`raw`, decoded). */
  async function pageForAddress(request: FastifyRequest, raw: string): Promise<string> {
    const code = codeOf(raw);
    let known = false;
    if (code !== undefined) {
      try {
        known = (await students.idByReferralCode(code)) !== undefined;
      } catch (error) {
        // The database cannot answer: the form with its code beats a page of JSON, and
        // Continue checks the code again.
        request.log.warn({ err: error }, "invite code not checked");
        known = true;
      }
    }
    const source = sourceOfRequest(request, ownHost);
    return pageFor(code === undefined ? "" : raw, known, isInAppBrowser(request), source);
  }

  // The page as built has the button hidden: with Google sign-in on, /join with no source is one
  // of these two, written once.
  const plainJoin = google
    ? {
        browser: pageWithHtml(page, withEdits(built, googleEdits("", false, {}))),
        inApp: pageWithHtml(page, withEdits(built, googleEdits("", true, {}))),
      }
    : undefined;

  /** /join as this request gets it: the button as its browser can use it, and where it came from. */
  const plainPageFor = (request: FastifyRequest) => {
    const inApp = isInAppBrowser(request);
    const source = sourceOfRequest(request, ownHost);
    if (hasSource(source))
      return pageWithHtml(
        page,
        withSource(withEdits(built, googleEdits("", inApp, source)), source),
      );
    if (!plainJoin) return page;
    return inApp ? plainJoin.inApp : plainJoin.browser;
  };

  // A refused sign-up from an invite link comes back with the code, and its note if it has one;
  // from /join itself, with the button as /join shows it; both with what their hidden fields sent.
  app.formPages.personal.set(accountPages.join, async (request) => {
    const raw = codeInAddress.exec(request.originalUrl)?.[1];
    if (raw !== undefined) return pageForAddress(request, decodeURIComponentSafe(raw));
    return plainPageFor(request).identity.body.toString("utf8");
  });

  /** The page differs by the Referer's site, and with Google sign-in by the browser. */
  const vary = google ? "Referer, User-Agent" : "Referer";

  app.get(accountPages.join, { logLevel: "warn" }, async (request, reply) =>
    sendFile(request, reply.header("Vary", vary), plainPageFor(request)),
  );

  app.get<{ Params: { code: string } }>(
    `${accountPages.join}/:code`,
    { logLevel: "warn" },
    async (request, reply) =>
      sendFile(
        request,
        reply.header("Vary", vary),
        pageWithHtml(page, await pageForAddress(request, request.params.code)),
      ),
  );
};
