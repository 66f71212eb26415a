import {
  accountPages,
  answerPages,
  dataRightsPages,
  emailChangePages,
  googleSignIn,
} from "@ysp/contract";
import { staffPages } from "@ysp/contract/staff";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The features the pages' Permissions-Policy denies (its `=()` entries), without
 * the allowances it gives the video player: a response that is not a page embeds none.
 */
const deniedFeatures = (permissionsPolicy: string) =>
  permissionsPolicy
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.endsWith("=()"))
    .join(", ");

/**
 * Behind TLS (an https PUBLIC_URL), a browser is told to come back over https only, for two
 * years, subdomains included: after its first visit it sends nothing over plain http, where
 * someone on the network could read its cookies or slip one in.
 */
const strictTransportSecurity = "max-age=63072000; includeSubDomains";

/**
 * The pages sent `Cross-Origin-Opener-Policy: same-origin`: those whose address carries a mailed
 * link's token, and those the server writes an account's details into for its owner. Another
 * site that opened one of them, or was opened from it, keeps no handle on its window, and Chrome
 * on Android gives the site a process of its own. Every other page goes without it: on a phone
 * that process costs a student arriving from a chat's link 300 to 800 ms before the first paint
 * (docs/decisions/038), for a page nobody needs to keep from another site. Each is the pattern
 * of the route that serves it, so no spelling of its address escapes the header.
 */
export const openerIsolatedPages: ReadonlySet<string> = new Set([
  accountPages.verifyEmail,
  accountPages.resetPassword,
  dataRightsPages.yourData,
  dataRightsPages.guardianConsent,
  dataRightsPages.newsletterConfirm,
  dataRightsPages.unsubscribe,
  emailChangePages.confirm,
  emailChangePages.undo,
  googleSignIn.linkPage,
  accountPages.signedUp,
  accountPages.correctEmail,
  accountPages.emailConfirmed,
  dataRightsPages.manageYourData,
  dataRightsPages.viewYourData,
  answerPages.guardianAsked,
  answerPages.guardianAskedOnConfirm,
]);

/**
 * Whether the route at `url` answers with the opener policy: the pages above, and every page of
 * the staff area, which shows students' data and whose enrolment link carries a token.
 */
export const isOpenerIsolated = (url: string) =>
  openerIsolatedPages.has(url) || url === staffPages.home || url.startsWith(`${staffPages.home}/`);

const opensIsolated = (request: FastifyRequest) => isOpenerIsolated(request.routeOptions.url ?? "");

/**
 * Sets the security headers on every answer: pages, files, API JSON and
 * errors alike. Each page sets its own Content-Security-Policy where it is
 * sent (a prerendered page the one the build wrote for it, an answer page its
 * own); pages get the build's Permissions-Policy, with the video player's
 * allowances, and those listed above the opener policy. Everything else gets
 * the strict short ones.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  pagePermissionsPolicy: string,
  behindTls: boolean,
) {
  // What a response that is not a page may do when opened as a document: nothing.
  // Much shorter than the pages' policies, which matters on a phone: a page's
  // scripts, styles and API calls each carry these headers.
  const resourcePolicies = {
    contentSecurityPolicy: "default-src 'none'; frame-ancestors 'none'",
    permissionsPolicy: deniedFeatures(pagePermissionsPolicy),
  };
  app.addHook("onSend", async (request, reply, payload) => {
    const isPage = String(reply.getHeader("content-type") ?? "").startsWith("text/html");
    if (!isPage || !reply.hasHeader("Content-Security-Policy"))
      reply.header("Content-Security-Policy", resourcePolicies.contentSecurityPolicy);
    reply.header(
      "Permissions-Policy",
      isPage ? pagePermissionsPolicy : resourcePolicies.permissionsPolicy,
    );
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("X-Frame-Options", "DENY");
    if (isPage && opensIsolated(request)) reply.header("Cross-Origin-Opener-Policy", "same-origin");
    if (behindTls) reply.header("Strict-Transport-Security", strictTransportSecurity);
    return payload;
  });
}
