import { accountPages, signedUpAddressSlot, signupCookieParts } from "@ysp/contract";
import { maskEmail } from "@ysp/contract/email";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Cookie } from "../http/cookies.ts";
import type { SignupCookie } from "../http/signup-cookie.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { fill, hide, show, withEdits } from "../pages/page-slots.ts";
import { decodeURIComponentSafe, sendFile } from "../pages/send-file.ts";
import { MissingBuildError, pageWithHtml, type SiteFiles } from "../pages/static-site.ts";

/**
 * maskEmail's shape for an address the sign-up takes (contract/email.ts, ASCII only): one
 * printable character, "•••", "@" and a domain's letters, digits, dots and hyphens (≤ 253).
 */
const masked = /^[\x21-\x7e]•••@[A-Za-z0-9.-]{1,253}$/u;

/**
 * Keeps the address a sign-up without a script went to, masked, for the page it lands on. A
 * cookie (cookies.ts), not the 303's query: an address, even masked, stays out of the history,
 * the logs and the Referer.
 */
export function rememberSignedUp(cookie: Cookie, reply: FastifyReply, email: string) {
  cookie.set(reply, encodeURIComponent(maskEmail(email)));
}

/** The masked address of the cookie, when it holds one: anything else is not written. */
function addressOf(cookie: Cookie, request: FastifyRequest): string | undefined {
  const raw = cookie.read(request);
  const address = raw === undefined ? undefined : decodeURIComponentSafe(raw);
  return address !== undefined && masked.test(address) ? address : undefined;
}

/**
 * /signed-up says "We've sent a link to your email" as built, to everyone; to the browser that
 * has just signed up, it names the address, masked ("a•••@example.ng"), so a student sees a
 * mistyped address before waiting for a message that cannot come. While that browser's sign-up
 * cookie names the account (signup-cookie.ts), "Didn't get it?" is one button, which posts to
 * this page (signup-correction.ts): the address is not asked for again.
 */
export const signedUpPageRoutes: FastifyPluginAsync<{
  site: SiteFiles;
  signedUpCookie: Cookie;
  signup: SignupCookie;
}> = async (app, { site, signedUpCookie, signup }) => {
  const page = site.pages.get(accountPages.signedUp);
  if (!page) return;
  const html = page.identity.body.toString("utf8");
  const named = (address: string) => fill(signedUpAddressSlot, escapeHtml(address));
  const known = [hide(signupCookieParts.newLinkByAddress), show(signupCookieParts.newLinkHere)];
  try {
    withEdits(html, [named("a•••@example.ng"), ...known]);
  } catch (error) {
    throw new MissingBuildError(
      `The built ${accountPages.signedUp} page has no place for the address: run \`npm run build\` again.`,
      { cause: error },
    );
  }
  app.get(accountPages.signedUp, { logLevel: "warn" }, async (request, reply) => {
    const address = addressOf(signedUpCookie, request);
    const edits = [
      ...(address === undefined ? [] : [named(address)]),
      ...((await signup.account(request)) ? known : []),
    ];
    if (edits.length === 0) return sendFile(request, reply, page);
    return sendFile(request, reply, pageWithHtml(page, withEdits(html, edits)), {
      cacheControl: "no-store",
    });
  });
};
