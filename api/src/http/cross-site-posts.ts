import { crossSitePostPage } from "@ysp/content/error-pages";
import { dataRightsPages } from "@ysp/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { homeLink, sendAnswerPage } from "../pages/form-posts.ts";

/**
 * Cross-site request forgery, refused for every route in one place (the OWASP CSRF cheat sheet's
 * Fetch Metadata defence, as Go 1.25's http.CrossOriginProtection does it). Without it, a page on
 * another site that auto-posted to /your-data?token=<the attacker's own link> got a 303 and
 * `Set-Cookie: ysp_data=…`: the student's browser then managed the attacker's account, and a
 * parent's address the student typed went into the attacker's data.
 *
 * Which requests: every method but GET, HEAD and OPTIONS (which change nothing here) whose body is
 * not JSON, that is everything an HTML form, or a script on another site without asking, can send
 * (urlencoded, multipart, text/plain, no body). JSON is the app's, which is not a browser; a
 * browser sends JSON to another site only after a CORS preflight, and no route here answers one,
 * so the browser never sends it. Keeping JSON out also keeps an app that sets an Origin header of
 * its own from ever being refused.
 *
 * Which browsers: one that says `Sec-Fetch-Site` (every browser since 2023) is refused unless it
 * says `same-origin` (a form on our own page) or `none` (typed or bookmarked); `same-site` is
 * refused too, since another host under the same name is not this site. Without that header,
 * one whose `Origin` is present and not ours is refused. With neither (an old browser, curl), the
 * request passes: it is same-origin or not a browser's.
 *
 * Mail links never meet this: a link is a top-level GET, and the page it opens posts its form from
 * our own origin when the student taps.
 */

/** The request is a form a browser was made to send from another site (see above). */
function isCrossSitePost(request: FastifyRequest, publicOrigin: string): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method)) return false;
  if (isJson(request.headers["content-type"])) return false;
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite !== undefined) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = request.headers.origin;
  return origin !== undefined && origin !== publicOrigin && origin !== ownOrigin(request);
}

/**
 * JSON by its media type's essence, as a browser reads it for CORS (type and subtype before any
 * ";", trimmed, in any case): a value a browser may send without a preflight never reads so.
 */
const isJson = (contentType: string | undefined) =>
  contentType?.split(";")[0]?.trim().toLowerCase() === "application/json";

/**
 * The origin this request was sent to, as the browser names it: its scheme and Host (both from
 * the proxy when TRUST_PROXY trusts it), the default port left out as browsers leave it out.
 */
function ownOrigin(request: FastifyRequest): string | undefined {
  return URL.parse(`${request.protocol}://${request.host}`)?.origin;
}

/**
 * The one exception: RFC 8058's one-click unsubscribe, which a mail app posts from its own site by
 * design (Gmail's web page, say). The link's token carries the authority, and all it can do is
 * unsubscribe its own address, which the person asked for anyway.
 */
const mayComeFromAnywhere = (request: FastifyRequest) =>
  request.method === "POST" && request.routeOptions.url === dataRightsPages.unsubscribe;

/**
 * Refuses cross-site form posts on every route, before any body is read or any work done: no
 * link is used, no cookie set. The refusal is a page, since only a browser is ever refused, and a
 * form's post is a navigation; its link goes to the page the form posted to (the student can start
 * again there), or home.
 */
export function refuseCrossSitePosts(app: FastifyInstance, publicOrigin: string) {
  app.addHook("onRequest", async (request, reply) => {
    if (!isCrossSitePost(request, publicOrigin) || mayComeFromAnywhere(request)) return;
    return refuse(request, reply);
  });
}

function refuse(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  request.logFields = { crossSite: request.headers["sec-fetch-site"] ?? "origin" };
  // The address posted to: a page's own, when its form posted there (form-posts.ts).
  const page = request.server.pageAt(request.originalUrl.split("?")[0] ?? "/");
  return sendAnswerPage(reply, 403, {
    title: crossSitePostPage.title,
    lines: crossSitePostPage.lines,
    link: page && page !== "/" ? { href: page, text: crossSitePostPage.pageLink } : homeLink,
  });
}
