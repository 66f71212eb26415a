import { answerFrameWords } from "@ysp/content/answers";
import { type AnswerPage, answerPages } from "@ysp/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type AnswerFrame, answerFrameOf, answerPage, type FramedAnswer } from "./answer-page.ts";
import { type FormPages, formPagesOf, fromParameter } from "./form-again.ts";
import { formType, postedAddress } from "./form-routes.ts";
import { builtPagePath, type SiteFiles } from "./static-site.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The built site's page a URL path opens (static-site.ts), or none: where answer pages link. */
    pageAt: (path: string) => string | undefined;
    /** The built site's frame that answer pages are written into (answer-page.ts). */
    answerFrame: AnswerFrame;
    /** The built pages a refused form is written into again (form-again.ts). */
    formPages: FormPages;
  }
}

/**
 * Lets every route's answer pages link to the built site's pages, and only to them, and be
 * written into the site's own frame, with its header and footer.
 */
export function knowSitePages(app: FastifyInstance, site: SiteFiles) {
  app.decorate("pageAt", (path: string) => builtPagePath(site, path));
  app.decorate("answerFrame", answerFrameOf(site.answerFrame));
  app.decorate("formPages", formPagesOf(site));
}

/** An answer page's way on when there is nowhere more fitting to go. */
export const homeLink = { href: "/", text: answerFrameWords.links.home } as const;

/**
 * Lets the routes of one plugin read plain HTML form posts: from pages that run no JavaScript,
 * and from the sign-up page when a student presses Continue before its script has loaded. Each
 * is answered with a readable page instead of JSON; the other routes keep accepting JSON only.
 */
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
 * The page the form was on. A page's form posts to the page's own address, query and all (the
 * route matched it, so it is that page's), less the form's name. A form posted straight to an
 * API route (a page from before forms named themselves) names its page by Referer (or, written
 * again after a refusal, by its action's `from`; form-again.ts), which only chooses among the
 * built site's pages: the header itself never becomes the link ("//2130706433/phish" was one),
 * and one that names none of them leads home.
 */
export function formPagePath(request: FastifyRequest): string {
  const posted = postedAddress(request);
  const [path = "/", query = ""] = posted.split("?");
  if (!path.startsWith("/api/")) return posted;
  const referer = request.headers.referer;
  const page =
    new URLSearchParams(query).get(fromParameter) ??
    (referer ? URL.parse(referer)?.pathname : undefined);
  return (page && request.server.pageAt(page)) ?? "/";
}

/**
 * Answers a form post that did its work with a 303 to the site's page saying so: a reload shows
 * that page again, where it once posted the form again or met "Method GET is not allowed".
 */
export const answerAt = (reply: FastifyReply, answer: AnswerPage): FastifyReply =>
  reply.redirect(answerPages[answer], 303);

/** Answers a form post with a page: never cached, since it reports one person's submission. */
export function sendAnswerPage(
  reply: FastifyReply,
  status: number,
  answer: FramedAnswer,
): FastifyReply {
  const frame = reply.server.answerFrame;
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "no-store")
    .header("Content-Security-Policy", frame.contentSecurityPolicy)
    .send(answerPage(frame, answer));
}
