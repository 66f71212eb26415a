import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { answerPage, answerPagePolicy } from "./answer-page.ts";

/**
 * Plain HTML form posts: from pages that run no JavaScript, and from the
 * sign-up page when a student presses Continue before its script has loaded.
 * Each is answered with a readable page instead of JSON.
 */
const formType = "application/x-www-form-urlencoded";

/** An answer page's way on when there is nowhere more fitting to go. */
export const homeLink = { href: "/", text: "Go to the home page" } as const;

/** Lets the routes of one plugin read form posts; others keep accepting JSON only. */
export function acceptFormPosts(app: FastifyInstance) {
  app.addContentTypeParser(formType, { parseAs: "string" }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** A plain form post to a route that takes them; any other route answers in JSON. */
export function isFormPost(request: FastifyRequest): boolean {
  return (
    (request.headers["content-type"]?.startsWith(formType) ?? false) &&
    request.server.hasContentTypeParser(formType)
  );
}

/**
 * The page the form was on. A page's form with no action posts to the page's own
 * address, query and all; an API route's form, from Referer, only its path, so the
 * link can never lead off the site.
 */
export function formPagePath(request: FastifyRequest): string {
  if (!request.url.startsWith("/api/")) return request.url;
  const referer = request.headers.referer;
  const path = referer ? URL.parse(referer)?.pathname : undefined;
  return path && /^\/[\w/-]{0,200}$/.test(path) ? path : "/";
}

/** Answers a form post with a page: never cached, since it reports one person's submission. */
export function sendAnswerPage(
  reply: FastifyReply,
  status: number,
  page: Parameters<typeof answerPage>[0],
): FastifyReply {
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "no-store")
    .header("Content-Security-Policy", answerPagePolicy)
    .send(answerPage(page));
}
