import {
  type AnswerPage,
  accountMessages,
  accountPages,
  authMessages,
  dataRightsLifetimes,
  dataRightsMessages,
  type EmailOnlyBody,
  emailOnlyBodySchema,
  type FormName,
  linkLifetimes,
  type MessageResponse,
  messageResponseSchema,
  newPassword,
  type PasswordResetConfirmBody,
  passwordResetConfirmBodySchema,
  type TokenBody,
  tokenBodySchema,
} from "@ysp/contract";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import type { AccountLinks, LinkAnswer } from "../accounts/account-links.ts";
import type { LinkRequests, RequestedPurpose } from "../accounts/link-requests.ts";
import type { PasswordHasher } from "../auth/password-hasher.ts";
import type { TokenSigner } from "../auth/tokens.ts";
import type { Cookie } from "../http/cookies.ts";
import { busy } from "../http/guards.ts";
import { checkMailboxLimit, type RateLimits } from "../http/rate-limits.ts";
import { zodBody } from "../http/validation.ts";
import { examples } from "../openapi/examples.ts";
import { type Example, linkRefusals, operation } from "../openapi/operation.ts";
import { acceptFormPosts, answerAt, isFormPost } from "../pages/form-posts.ts";
import { linkTokenOf, newLinkAt, refuseLink, refuseLinkPage } from "../pages/link-answers.ts";

export type AccountLinkOptions = {
  links: AccountLinks;
  hasher: PasswordHasher;
  rateLimits: RateLimits;
  linkRequests: Pick<LinkRequests, "ask">;
  signer: TokenSigner;
  /** Set once a confirmed address opens its data session (cookies.ts). */
  dataCookie: Cookie;
};

/**
 * E-mail verification and password reset under the auth prefix. The two
 * requests that send a link answer the same, 202, whether or not the address
 * has an account, and do the same for any address (link-requests.ts), so they
 * tell nobody who has one; both are limited per IP and per address. Their
 * pages post them as plain forms too.
 */
export const accountLinkRoutes: FastifyPluginAsync<AccountLinkOptions> = async (app, options) => {
  const { links, rateLimits, linkRequests } = options;
  const overAddressLimit = checkMailboxLimit(app, rateLimits.mailPerAddress);

  const linkSent = (
    request: FastifyRequest,
    reply: FastifyReply,
    message: string,
    answer: AnswerPage,
  ) => {
    if (isFormPost(request)) return answerAt(reply, answer);
    return reply.code(202).send({ message });
  };

  await app.register(async (forms) => {
    acceptFormPosts(forms);

    /** A link asked for by address: the same work and the same 202 whatever the address. */
    const linkRequest = (
      path: string,
      described: {
        operationId: string;
        summary: string;
        description: string;
        example: Record<string, Example>;
        /** The site's form that asks for it. */
        form: FormName;
      },
      sent: string,
      answer: AnswerPage,
      purpose: RequestedPurpose,
    ) =>
      forms.post<{ Body: EmailOnlyBody; Reply: MessageResponse }>(
        path,
        {
          ...operation({
            operationId: described.operationId,
            summary: described.summary,
            description: described.description,
            tag: "auth",
            security: "public",
            body: { schema: emailOnlyBodySchema, examples: examples.emailBody },
            answers: {
              202: {
                description: "Taken: the same answer whether or not the address has an account",
                schema: messageResponseSchema,
                examples: described.example,
              },
            },
            limited: true,
          }),
          config: { rateLimit: rateLimits.mailPerIp, form: described.form },
        },
        async (request, reply) => {
          if (await overAddressLimit(request, reply)) return reply;
          // The queued row's id, as the worker's line names it should the request fail there;
          // whether the address has an account is known to neither this line nor the handler.
          request.logFields = { mailId: await linkRequests.ask(purpose, request.body.email) };
          return linkSent(request, reply, sent, answer);
        },
      );

    linkRequest(
      "/verify-email/resend/",
      {
        operationId: "resendEmailVerification",
        summary: "Send a new link to confirm an account's email (the same answer for any address)",
        description: `Queues "Confirm your email" with a new link (${linkLifetimes.verifyEmail.words}, once) when an account with this address is waiting to be confirmed; earlier links stop working. Any other address gets the same 202 after the same work, so the answer tells nobody which addresses have accounts.`,
        example: examples.verifyLinkSent,
        form: "confirmation-link",
      },
      accountMessages.verifyLinkSent,
      "verifyLinkSent",
      "verify_email",
    );
    linkRequest(
      "/password-reset/",
      {
        operationId: "requestPasswordReset",
        summary: "Send a link to choose a new password (the same answer for any address)",
        description: `Queues "Reset your password" with a link (${linkLifetimes.resetPassword.words}, once) when an account uses this address; earlier reset links stop working. Any other address gets the same 202 after the same work. Use the link's token with confirmPasswordReset.`,
        example: examples.resetLinkSent,
        form: "password-link",
      },
      accountMessages.resetLinkSent,
      "resetLinkSent",
      "reset_password",
    );
    // Recorded for staff either way, by the worker (without the address: data-requests.ts).
    linkRequest(
      "/your-data/link/",
      {
        operationId: "requestYourDataLink",
        summary:
          "Send a link to see, download, correct or delete the account's data (the same answer for any address)",
        description: `Queues "Your data at YSP" with a link (${dataRightsLifetimes.yourData.words}, once) when an account uses this address: holding the mailbox is the proof of identity. Any other address gets nothing, and the same 202 after the same work. Use the link's token with openYourData.`,
        example: examples.dataLinkSent,
        form: "data-link",
      },
      dataRightsMessages.dataLinkSent,
      "dataLinkSent",
      "your_data",
    );
  });

  app.post<{ Body: TokenBody; Reply: MessageResponse }>(
    "/verify-email/",
    {
      ...operation({
        operationId: "verifyEmail",
        summary: "Confirm an account's email with the token from its link",
        description:
          "The first confirmation of an address ends every session of the account issued before it: the app logs in again.",
        tag: "auth",
        security: "public",
        body: { schema: tokenBodySchema, examples: examples.tokenBody },
        answers: {
          200: {
            description: "Confirmed",
            schema: messageResponseSchema,
            examples: examples.emailConfirmed,
          },
        },
        refusals: { 400: linkRefusals() },
        limited: true,
      }),
      config: { rateLimit: rateLimits.mailPerIp },
    },
    async (request, reply) => {
      const opened = await links.verifyEmail(request.body.token);
      if (!opened.ok) return refuseLink(reply, opened.problem);
      return reply.send({ message: accountMessages.emailConfirmed });
    },
  );

  app.post<{ Body: PasswordResetConfirmBody; Reply: MessageResponse }>(
    "/password-reset/confirm/",
    {
      ...operation({
        operationId: "confirmPasswordReset",
        summary:
          "Choose a new password with the token from its link; every session of the account ends",
        description:
          'Sets the password with the token of "Reset your password" (once). Every session, token and unused link of the account ends, and the address is told by mail. Log in again with logIn.',
        tag: "auth",
        security: "public",
        body: { schema: passwordResetConfirmBodySchema, examples: examples.passwordResetBody },
        answers: {
          200: {
            description: "Changed",
            schema: messageResponseSchema,
            examples: examples.passwordChanged,
          },
        },
        refusals: {
          400: linkRefusals(),
          503: { service_busy: { detail: authMessages.busy } },
        },
        limited: true,
      }),
      config: { rateLimit: rateLimits.mailPerIp },
    },
    async (request, reply) => {
      const changed = await resetPassword(request.body, options);
      if (changed === "busy") return busy(reply);
      if (!changed.ok) return refuseLink(reply, changed.problem);
      return reply.send({ message: accountMessages.passwordChanged });
    },
  );
};

/** Checks the link before hashing (a bad link costs no CPU), then changes the password. */
async function resetPassword(
  { token, password }: PasswordResetConfirmBody,
  { links, hasher }: AccountLinkOptions,
): Promise<LinkAnswer | "busy"> {
  const usable = await links.check(token, "reset_password");
  if (!usable.ok) return usable;
  if (hasher.full()) return "busy";
  const hashed = await hasher.hash(password);
  if (!hashed.ok) return "busy";
  return links.resetPassword(token, hashed.value);
}

/**
 * The two pages a link opens post their forms to their own address, token
 * included (a form with no action does that without any script), and get a
 * page back: the confirmed page, or a page saying what went wrong.
 */
export const accountLinkPageRoutes: FastifyPluginAsync<AccountLinkOptions> = async (
  app,
  options,
) => {
  acceptFormPosts(app);

  app.post(
    accountPages.verifyEmail,
    { config: { rateLimit: options.rateLimits.mailPerIp } },
    async (request, reply) => {
      const opened = await options.links.verifyEmail(linkTokenOf(request));
      if (!opened.ok)
        // A query of its own: this page may itself be at /verify-email (posted with no token),
        // and a link differing only in its fragment would scroll it instead of opening the form.
        return refuseLinkPage(
          reply,
          opened.problem,
          newLinkAt(`${accountPages.verifyEmail}?new-link#new-link`),
        );
      // Holding the mailbox is the proof "Your data" asks for: the confirmed page may now send
      // a parent's request (and manage the data) for 30 minutes without another link.
      options.dataCookie.set(reply, await options.signer.signData(opened));
      return reply.redirect(accountPages.emailConfirmed, 303);
    },
  );

  app.post<{ Body: { password: string } }>(
    accountPages.resetPassword,
    {
      ...zodBody(z.object({ password: newPassword })),
      config: { rateLimit: options.rateLimits.mailPerIp },
    },
    async (request, reply) => {
      const changed = await resetPassword(
        { token: linkTokenOf(request), password: request.body.password },
        options,
      );
      if (changed === "busy") return busy(reply);
      if (!changed.ok)
        return refuseLinkPage(reply, changed.problem, newLinkAt(accountPages.forgotPassword));
      return answerAt(reply, "passwordChanged");
    },
  );
};
