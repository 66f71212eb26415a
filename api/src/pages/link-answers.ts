import { answerFrameWords } from "@ysp/content/answers";
import { type LinkProblem, linkProblems, linkTokenParameter } from "@ysp/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../http/errors.ts";
import { sendAnswerPage } from "./form-posts.ts";

/**
 * What every page a mailed link opens shares: its form posts to the page's own address, token
 * in the query, and a link that cannot be used is answered the same way wherever it leads.
 */

/** The token in the address a link's page posts its form to. */
export const linkTokenOf = (request: FastifyRequest) =>
  String((request.query as Record<string, unknown>)[linkTokenParameter] ?? "");

/** A link that cannot be used: 400 in the API's shape, the code saying why. */
export const refuseLink = (reply: FastifyReply, problem: LinkProblem) =>
  sendError(reply, { status: 400, code: problem, detail: linkProblems[problem], attr: "token" });

/** Where a refused link's page leads when the person can ask for a new link there. */
export const newLinkAt = (href: string) => ({ href, text: answerFrameWords.links.newLink });

/** The same to a page's form post: a page saying why, and the way on (`then`: lines after). */
export const linkRefusedTitle = answerFrameWords.titles.linkRefused;

export const refuseLinkPage = (
  reply: FastifyReply,
  problem: LinkProblem,
  link: { href: string; text: string },
  then: readonly string[] = [],
) =>
  sendAnswerPage(reply, 400, {
    title: linkRefusedTitle,
    lines: [linkProblems[problem], ...then],
    link,
  });
