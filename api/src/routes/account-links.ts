import {
  accountMessages,
  accountPages,
  dataRightsMessages,
  type EmailOnlyBody,
  emailOnlyBodySchema,
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
import type { DataRequests } from "../accounts/data-requests.ts";
import type { Students } from "../accounts/students.ts";
import { examples } from "../api-examples.ts";
import type { PasswordHasher } from "../auth/password-hasher.ts";
import type { TokenSigner } from "../auth/tokens.ts";
import type { User } from "../db/schema.ts";
import { acceptFormPosts, homeLink, isFormPost, sendAnswerPage } from "../form-posts.ts";
import { answeredOverLimit, type RateLimits } from "../rate-limits.ts";
import { type Example, linkRefusals, operation, zodBody } from "../route-schemas.ts";
import { authMessages, busy } from "./auth.ts";
import { linkTokenOf, newLinkAt, refuseLink, refuseLinkPage } from "./link-answers.ts";
import { setDataCookie } from "./your-data.ts";

export type AccountLinkOptions = {
  links: AccountLinks;
  students: Pick<Students, "findByEmail">;
  hasher: PasswordHasher;
  rateLimits: RateLimits;
  requests: DataRequests;
  signer: TokenSigner;
};

const checkYourEmail = "Check your email";

/**
 * E-mail verification and password reset under the auth prefix. The two
 * requests that send a link answer the same, 202, whether or not the address
 * has an account, so they tell nobody who has one; both are limited per IP
 * and per address. Their pages post them as plain forms too.
 */
export const accountLinkRoutes: FastifyPluginAsync<AccountLinkOptions> = async (app, options) => {
  const { links, students, rateLimits, requests } = options;
  const checkAddressLimit = app.createRateLimit(rateLimits.mailPerAddress);

  /**
   * A link asked for is made after the answer has gone. Made before it, the answer for an
   * address with an account took 35 ms at the median against 8 ms without one (npm run bench):
   * the time alone told who has an account. Lost if the process dies in those milliseconds;
   * the student asks again. Closing waits for the work in hand.
   */
  const inHand = new Set<Promise<void>>();
  const afterAnswer = (request: FastifyRequest, work: Promise<void>) => {
    const tracked = work.then(
      () => {},
      (error: unknown) => request.log.error({ err: error }, "could not make the link asked for"),
    );
    inHand.add(tracked);
    void tracked.finally(() => inHand.delete(tracked));
  };
  app.addHook("onClose", async () => {
    await Promise.all(inHand);
  });

  const linkSent = (request: FastifyRequest, reply: FastifyReply, message: string) => {
    if (isFormPost(request))
      return sendAnswerPage(reply, 202, {
        title: checkYourEmail,
        lines: [message],
        link: homeLink,
      });
    return reply.code(202).send({ message });
  };

  await app.register(async (forms) => {
    acceptFormPosts(forms);

    /**
     * A link asked for by address: the same 202 whatever the address; `ask` makes the link for
     * an account that gets one (or records that there was none) and says so, or returns nothing.
     */
    const linkRequest = (
      path: string,
      described: { operationId: string; summary: string; example: Record<string, Example> },
      sent: string,
      ask: (user: User | undefined, email: string) => Promise<void> | undefined,
    ) =>
      forms.post<{ Body: EmailOnlyBody; Reply: MessageResponse }>(
        path,
        {
          ...operation({
            operationId: described.operationId,
            summary: described.summary,
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
          config: { rateLimit: rateLimits.mailPerIp },
        },
        async (request, reply) => {
          if (await answeredOverLimit(checkAddressLimit, request, reply)) return reply;
          const user = await students.findByEmail(request.body.email);
          const work = ask(user, request.body.email);
          if (work) afterAnswer(request, work);
          request.logFields = { linkAsked: user !== undefined && work !== undefined };
          return linkSent(request, reply, sent);
        },
      );

    linkRequest(
      "/verify-email/resend/",
      {
        operationId: "resendEmailVerification",
        summary: "Send a new link to confirm an account's email (the same answer for any address)",
        example: examples.verifyLinkSent,
      },
      accountMessages.verifyLinkSent,
      (user) => (user && !user.emailVerifiedAt ? links.resendVerification(user.id) : undefined),
    );
    linkRequest(
      "/password-reset/",
      {
        operationId: "requestPasswordReset",
        summary: "Send a link to choose a new password (the same answer for any address)",
        example: examples.resetLinkSent,
      },
      accountMessages.resetLinkSent,
      (user) => user && links.request(user.id, "reset_password"),
    );
    // Recorded for staff either way (without the address: data-requests.ts), after the answer too.
    linkRequest(
      "/your-data/link/",
      {
        operationId: "requestYourDataLink",
        summary:
          "Send a link to see, download, correct or delete the account's data (the same answer for any address)",
        example: examples.dataLinkSent,
      },
      dataRightsMessages.dataLinkSent,
      (user, email) =>
        user
          ? links
              .request(user.id, "your_data")
              .then(() => requests.record("link", email, { outcome: "link sent" }))
          : requests.record("link", email, { outcome: "no account" }),
    );
  });

  app.post<{ Body: TokenBody; Reply: MessageResponse }>(
    "/verify-email/",
    {
      ...operation({
        operationId: "verifyEmail",
        summary: "Confirm an account's email with the token from its link",
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
export const linkPageRoutes: FastifyPluginAsync<AccountLinkOptions> = async (app, options) => {
  acceptFormPosts(app);
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

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
      setDataCookie(request, reply, await options.signer.signData(opened));
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
      return sendAnswerPage(reply, 200, {
        title: "Password changed",
        lines: [accountMessages.passwordChanged],
        link: homeLink,
      });
    },
  );
};
