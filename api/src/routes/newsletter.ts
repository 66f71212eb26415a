import { answerFrameWords } from "@ysp/content/answers";
import {
  answerPages,
  dataRightsMessages,
  dataRightsPages,
  type MessageResponse,
  messageResponseSchema,
  type NewsletterBody,
  newsletterApi,
  newsletterBodySchema,
  type TokenBody,
  tokenBodySchema,
  unsubscribeTokenBodySchema,
} from "@ysp/contract";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Newsletter } from "../accounts/newsletter.ts";
import { BodyValidationError } from "../http/errors.ts";
import { answeredOverLimit, checkMailboxLimit, type RateLimits } from "../http/rate-limits.ts";
import { examples } from "../openapi/examples.ts";
import { linkRefusals, operation } from "../openapi/operation.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { sendFormAgain } from "../pages/form-again.ts";
import {
  acceptFormPosts,
  answerAt,
  homeLink,
  isFormPost,
  sendAnswerPage,
} from "../pages/form-posts.ts";
import { linkTokenOf, refuseLink, refuseLinkPage } from "../pages/link-answers.ts";
import { serveLinkPage } from "../pages/link-parts.ts";
import { sendFile } from "../pages/send-file.ts";
import { MissingBuildError, pageWithHtml, type SiteFiles } from "../pages/static-site.ts";

export type NewsletterOptions = {
  newsletter: Newsletter;
  rateLimits: RateLimits;
  site: SiteFiles;
};

/** The answer page's main button as built, and the way back that takes its place. */
const homeButton = `<a class="button button-primary" href="/">${homeLink.text}</a>`;
const backButton = (href: string) =>
  `<a class="button button-primary" href="${escapeHtml(href)}">${answerFrameWords.links.backToPage}</a></p><p><a href="/">${homeLink.text}</a>`;

/** The page the footer's form was on, when it is one of the site's others. */
function pageOf(app: FastifyInstance, source: unknown) {
  const path = typeof source === "string" ? app.pageAt(source) : undefined;
  return path === "/" ? undefined : path;
}

/** Whether a refused unsubscribe token was answered 429: past its client's limit. */
type RefusedTooOften = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * The newsletter: asking (the footer's field on every page), confirming by the
 * link in the message that asking sends, and unsubscribing with one click from
 * any newsletter message, as a page's form post, as the mail app's own
 * one-click POST (RFC 8058), or as JSON.
 */
export const newsletterRoutes: FastifyPluginAsync<NewsletterOptions> = async (app, options) => {
  const { rateLimits } = options;
  acceptFormPosts(app);
  askedPage(app, options);
  // RFC 8058: a mail app's one-click unsubscribe posts "List-Unsubscribe=One-Click" as
  // multipart/form-data (or urlencoded). The token is in the address; the body says nothing more.
  // It may come from the mail app's own site: the one post cross-site-posts.ts lets through.
  app.addContentTypeParser("multipart/form-data", { parseAs: "string" }, (_request, _body, done) =>
    done(null, {}),
  );
  // RFC 8058's one-click posts come from the mail provider's servers: a few of its addresses
  // carry every reader's, and the link routes' limit of 10 a minute per address refused them.
  // A good token is never refused for volume; a refused one is counted against its client, and
  // past the same 10 a minute answered 429. A token is a MAC of 256 bits, checked without the
  // database, so answering a good one from that client too tells a guesser nothing.
  const checkRefusedTokens = app.createRateLimit(rateLimits.unsubscribeRefused);
  const refusedTooOften: RefusedTooOften = (request, reply) =>
    answeredOverLimit(checkRefusedTokens, rateLimits.unsubscribeRefused, request, reply);

  subscribeRoute(app, options);
  confirmRoute(app, options);
  confirmPageRoute(app, options);
  unsubscribeRoute(app, options, refusedTooOften);
  unsubscribedPage(app, options);
  unsubscribePageRoute(app, options, refusedTooOften);
};

/**
 * GET the answer to the footer's form: it is on every page, so its answer leads back to the one
 * it was on (`from`, a page of the built site only); as built it leads home.
 */
function askedPage(app: FastifyInstance, { site }: NewsletterOptions) {
  const asked = site.pages.get(answerPages.newsletterAsked);
  if (!asked) return;
  const html = asked.identity.body.toString("utf8");
  if (!html.includes(homeButton))
    throw new MissingBuildError(
      `The built ${answerPages.newsletterAsked} page has no home button: run \`npm run build\` again.`,
    );
  app.get(answerPages.newsletterAsked, { logLevel: "warn" }, async (request, reply) => {
    const back = pageOf(app, (request.query as { from?: unknown }).from);
    if (!back) return sendFile(request, reply, asked);
    const written = html.replace(homeButton, () => backButton(back));
    return sendFile(request, reply, pageWithHtml(asked, written), { cacheControl: "no-store" });
  });
}

/** POST <newsletterApi>/: the footer's field, as JSON or as the form of the page it is on. */
function subscribeRoute(app: FastifyInstance, { newsletter, rateLimits }: NewsletterOptions) {
  const overAddressLimit = checkMailboxLimit(app, rateLimits.mailPerAddress);
  app.post<{ Body: NewsletterBody; Reply: MessageResponse }>(
    `${newsletterApi}/`,
    {
      ...operation({
        operationId: "subscribeToNewsletter",
        summary:
          "Ask for the newsletter: a confirmation link is sent to an address not yet subscribed",
        description:
          "Nothing but the confirmation is sent until its link is used (confirmNewsletter). Asked for the first time: 201. Asked again before confirming: 200, with a new link. Already subscribed: 200, and no mail.",
        tag: "newsletter",
        security: "public",
        body: { schema: newsletterBodySchema, examples: examples.newsletterBody },
        answers: {
          201: {
            description: "Asked for the first time: a link to confirm is on its way",
            schema: messageResponseSchema,
            examples: examples.newsletterAsked,
          },
          200: {
            description: "Asked before; the words are the same, as is owed to the address's owner",
            schema: messageResponseSchema,
            examples: examples.newsletterAsked,
          },
        },
        limited: true,
      }),
      config: { rateLimit: rateLimits.newsletter, form: "newsletter" },
      attachValidation: true,
    },
    async function subscribeToNewsletter(request, reply) {
      const fromForm = isFormPost(request);
      if (request.validationError) {
        if (!fromForm) return reply.send(request.validationError);
        return refuseAddressPage(app, request, reply, request.validationError);
      }
      if (await overAddressLimit(request, reply)) return reply;
      const { created } = await newsletter.subscribe(
        request.body.email,
        request.body.source ?? null,
      );
      // The same words either way: whether an address is subscribed is its owner's business.
      if (fromForm) {
        const back = pageOf(app, request.body.source);
        if (!back) return answerAt(reply, "newsletterAsked");
        return reply.redirect(
          `${answerPages.newsletterAsked}?from=${encodeURIComponent(back)}`,
          303,
        );
      }
      return reply.code(created ? 201 : 200).send({ message: dataRightsMessages.newsletterAsked });
    },
  );
}

/** The page the field was on again, the address kept and the message under it. */
function refuseAddressPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  validationError: Error,
) {
  if (validationError instanceof BodyValidationError && sendFormAgain(reply, validationError.items))
    return reply;
  // Only one of our own pages: the field chooses among them, and never becomes the link.
  // Back through history: the field still holds what was typed.
  const back = pageOf(app, (request.body as { source?: unknown } | undefined)?.source) ?? "/";
  return sendAnswerPage(reply, 400, {
    title: answerFrameWords.titles.newsletterAddress,
    lines: [validationError.message],
    link: { href: back, text: answerFrameWords.links.backToPage, back: true },
  });
}

/** POST <newsletterApi>/confirm/: the token of the link that asking mailed. */
function confirmRoute(app: FastifyInstance, { newsletter, rateLimits }: NewsletterOptions) {
  app.post<{ Body: TokenBody; Reply: MessageResponse }>(
    `${newsletterApi}/confirm/`,
    {
      ...operation({
        operationId: "confirmNewsletter",
        summary: "Confirm a newsletter subscription with the token from its link",
        description:
          'Confirms the subscription with the token of "Confirm your subscription": from then on the address gets the newsletter, until it unsubscribes with the link every newsletter carries.',
        tag: "newsletter",
        security: "public",
        body: { schema: tokenBodySchema, examples: examples.tokenBody },
        answers: {
          200: {
            description: "Subscribed",
            schema: messageResponseSchema,
            examples: examples.newsletterConfirmed,
          },
        },
        refusals: { 400: linkRefusals(["link_invalid", "link_expired"]) },
        limited: true,
      }),
      config: { rateLimit: rateLimits.mailPerIp },
    },
    async function confirmNewsletter(request, reply) {
      const confirmed = await newsletter.confirm(request.body.token);
      if (!confirmed.ok) return refuseLink(reply, confirmed.problem);
      return reply.send({ message: dataRightsMessages.newsletterConfirmed });
    },
  );
}

/** POST the confirming page: its form, token included, posted to its own address. */
function confirmPageRoute(app: FastifyInstance, { newsletter, rateLimits }: NewsletterOptions) {
  app.post(
    dataRightsPages.newsletterConfirm,
    { config: { rateLimit: rateLimits.mailPerIp } },
    async (request, reply) => {
      const confirmed = await newsletter.confirm(linkTokenOf(request));
      if (!confirmed.ok)
        return refuseLinkPage(reply, confirmed.problem, {
          href: "/#newsletter",
          text: answerFrameWords.links.subscribeAgain,
        });
      return answerAt(reply, "newsletterConfirmed");
    },
  );
}

/** POST <newsletterApi>/unsubscribe/: the token of a newsletter message's link, as JSON. */
function unsubscribeRoute(
  app: FastifyInstance,
  { newsletter }: NewsletterOptions,
  refusedTooOften: RefusedTooOften,
) {
  app.post<{ Body: TokenBody; Reply: MessageResponse }>(
    `${newsletterApi}/unsubscribe/`,
    {
      ...operation({
        operationId: "unsubscribeFromNewsletter",
        summary: "Unsubscribe with the token of a newsletter message's link (works every time)",
        description:
          "A good token is never refused for volume: only refused tokens count against the client's address, and past its limit they are answered 429.",
        tag: "newsletter",
        security: "public",
        body: { schema: unsubscribeTokenBodySchema, examples: examples.unsubscribeTokenBody },
        answers: {
          200: {
            description: "Unsubscribed",
            schema: messageResponseSchema,
            examples: examples.unsubscribed,
          },
        },
        refusals: { 400: linkRefusals(["link_invalid"]) },
        limited: true,
      }),
    },
    async function unsubscribeFromNewsletter(request, reply) {
      if (!(await newsletter.unsubscribe(request.body.token))) {
        if (await refusedTooOften(request, reply)) return reply;
        return refuseLink(reply, "link_invalid");
      }
      return reply.send({ message: dataRightsMessages.unsubscribed });
    },
  );
}

/**
 * GET the unsubscribe page: a link opened again after it worked says "You're unsubscribed"
 * rather than offering the button once more.
 */
function unsubscribedPage(app: FastifyInstance, { newsletter, site }: NewsletterOptions) {
  const unsubscribePage = site.pages.get(dataRightsPages.unsubscribe);
  if (unsubscribePage)
    serveLinkPage(app, dataRightsPages.unsubscribe, unsubscribePage, async (request, reply) =>
      (await newsletter.unsubscribed(linkTokenOf(request)))
        ? answerAt(reply.header("Cache-Control", "no-store"), "unsubscribed")
        : undefined,
    );
}

/**
 * POST the unsubscribe page, token in its address: its own form, or a mail app's one-click
 * post (RFC 8058).
 */
function unsubscribePageRoute(
  app: FastifyInstance,
  { newsletter }: NewsletterOptions,
  refusedTooOften: RefusedTooOften,
) {
  app.post(dataRightsPages.unsubscribe, async (request, reply) => {
    if (!(await newsletter.unsubscribe(linkTokenOf(request)))) {
      if (await refusedTooOften(request, reply)) return reply;
      return isFormPost(request)
        ? refuseLinkPage(reply, "link_invalid", homeLink)
        : refuseLink(reply, "link_invalid");
    }
    // A mail app's one-click post (RFC 8058) wants a 200, not a page to follow to.
    const oneClick = (request.body as Record<string, unknown> | undefined)?.["List-Unsubscribe"];
    if (!isFormPost(request) || oneClick === "One-Click")
      return reply.send({ message: dataRightsMessages.unsubscribed });
    return answerAt(reply, "unsubscribed");
  });
}
