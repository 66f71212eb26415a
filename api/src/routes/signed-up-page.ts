import { accountPages, signedUpAddressSlot, signupCookieParts } from "@ysp/contract";
import type { FastifyPluginAsync } from "fastify";
import type { Cookie } from "../http/cookies.ts";
import { signedUpAddressOf } from "../http/signed-up-address.ts";
import type { SignupCookie } from "../http/signup-cookie.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { fill, hide, show, withEdits } from "../pages/page-slots.ts";
import { sendFile } from "../pages/send-file.ts";
import { MissingBuildError, pageWithHtml, type SiteFiles } from "../pages/static-site.ts";

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
    const address = signedUpAddressOf(signedUpCookie, request);
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
