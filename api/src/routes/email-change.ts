import { emailChangeWords } from "@ysp/content/email-change";
import {
  authMessages,
  type EmailChangeBody,
  emailChangeBodySchema,
  emailChangeLifetimes,
  emailChangeMessages,
  emailChangePages,
  type MessageResponse,
  messageResponseSchema,
  sessionMessages,
  type TokenBody,
  tokenBodySchema,
} from "@ysp/contract";
import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type {
  EmailChangeAnswer,
  EmailChangeProblem,
  EmailChanges,
} from "../accounts/email-changes.ts";
import type { Students } from "../accounts/students.ts";
import type { PasswordHasher } from "../auth/password-hasher.ts";
import type { TokenSigner } from "../auth/tokens.ts";
import type { User } from "../db/schema.ts";
import { sendError } from "../http/errors.ts";
import { bearerOf, busy, notAuthenticated, studentOf, studentOperation } from "../http/guards.ts";
import {
  answeredOverLimit,
  checkMailboxLimit,
  loginEmailKey,
  type RateLimits,
} from "../http/rate-limits.ts";
import { examples } from "../openapi/examples.ts";
import { linkRefusals, operation } from "../openapi/operation.ts";
import {
  acceptFormPosts,
  answerAt,
  homeLink,
  isFormPost,
  sendAnswerPage,
} from "../pages/form-posts.ts";
import {
  linkRefusedTitle,
  linkTokenOf,
  newLinkAt,
  refuseLink,
  refuseLinkPage,
} from "../pages/link-answers.ts";

export type EmailChangeOptions = {
  students: Pick<Students, "findHolder" | "findByEmail">;
  changes: EmailChanges;
  signer: TokenSigner;
  hasher: PasswordHasher;
  /** Checked against for an address with no account, so its answer takes a hash's time too. */
  decoyHash: string;
  rateLimits: RateLimits;
};

/** A confirm or an undo refused: its link, or its address now another account's. */
const refuseChange = (reply: FastifyReply, problem: EmailChangeProblem) =>
  problem === "email_taken"
    ? sendError(reply, { status: 400, code: "email_taken", detail: emailChangeMessages.taken })
    : refuseLink(reply, problem);

const changeRefusals = { ...linkRefusals(), email_taken: { detail: emailChangeMessages.taken } };

/**
 * Changing the address an account logs in with, under the auth prefix: asked for with the
 * password (from the app, or from /change-email with the current address instead of a token),
 * confirmed by the new address's link, undone by the old address's (email-changes.ts).
 */
export const emailChangeRoutes: FastifyPluginAsync<EmailChangeOptions> = async (app, options) => {
  const { students, changes, hasher, decoyHash, rateLimits } = options;
  // A password is checked: counted with the logins of the account's address, as a change of
  // password is, so a stolen token or a typed address buys no more guesses than a login would.
  const accountEmail = new WeakMap<object, string>();
  const checkAccountLimit = app.createRateLimit({
    ...rateLimits.loginPerEmail,
    keyGenerator: (request) => loginEmailKey(accountEmail.get(request) ?? ""),
  });
  // Each request with the right password mails the new address (or its owner): counted per
  // mailbox, as links are.
  const overNewAddressLimit = checkMailboxLimit(app, rateLimits.mailToNewAddress);

  // The /change-email page posts its form here; confirm and undo take JSON only (their pages
  // post to their own addresses, below).
  await app.register(async (forms) => {
    acceptFormPosts(forms);
    forms.post<{ Body: EmailChangeBody; Reply: MessageResponse }>(
      "/email-change/",
      {
        ...operation({
          operationId: "requestEmailChange",
          summary: "Ask to change the login address: a link goes to the new one",
          description: `The account is the bearer token's; without one (the /change-email page's form), the one \`email\` logs in with, checked with the password as a login is. A link to confirm goes to \`new_email\` and works once, for ${emailChangeLifetimes.confirm.words}; until it is used the account logs in with its address as before. An address another account has gets the same 202, and that account's owner is told instead; so does an address another account's way back (undoEmailChange) can still give back, and nobody is told. One change is pending per account: a new request ends the last one's link. Limited as a login is, and counted with it; once the password is right, also per client and new address, as the requests that send a link are (a wrong password spends nothing of the new address's allowance).`,
          ...studentOperation,
          security: "studentOrNone",
          body: { schema: emailChangeBodySchema, examples: examples.emailChangeBody },
          answers: {
            202: {
              description: "Asked: the same answer whether or not another account has the address",
              schema: messageResponseSchema,
              examples: examples.emailChangeAsked,
            },
          },
          refusals: {
            ...studentOperation.refusals,
            400: {
              wrong_password: { detail: sessionMessages.wrongPassword, attr: "password" },
              authentication_failed: { detail: authMessages.badCredentials, attr: "password" },
              same_email: { detail: emailChangeMessages.sameAddress, attr: "new_email" },
            },
            503: { service_busy: { detail: authMessages.busy } },
          },
          limited: true,
        }),
        config: { rateLimit: rateLimits.loginPerIp, form: "change-email" },
      },
      async (request, reply) => {
        const { password, new_email, email } = request.body;
        const token = bearerOf(request);
        let user: User | undefined;
        if (token) {
          user = (await studentOf(request, options))?.user;
          if (!user) return notAuthenticated(reply);
        } else if (email === undefined) return notAuthenticated(reply);
        accountEmail.set(request, user?.email ?? email ?? "");
        // Before the hash: it bounds the guesses at the account's password.
        if (await answeredOverLimit(checkAccountLimit, rateLimits.loginPerEmail, request, reply))
          return reply;
        if (!token && email !== undefined) user = await students.findByEmail(email);
        if (hasher.full()) return busy(reply);
        const checked = await hasher.verify(user?.passwordHash ?? decoyHash, password);
        if (!checked.ok) return busy(reply);
        if (!user || !checked.value)
          return token
            ? sendError(reply, {
                status: 400,
                code: "wrong_password",
                detail: sessionMessages.wrongPassword,
                attr: "password",
              })
            : sendError(reply, {
                status: 400,
                code: "authentication_failed",
                detail: authMessages.badCredentials,
                attr: "password",
              });
        // Said only once the password is right: before, it would tell anyone an address has an account.
        if (new_email === user.email.toLowerCase())
          return sendError(reply, {
            status: 400,
            code: "same_email",
            detail: emailChangeMessages.sameAddress,
            attr: "new_email",
          });
        // After the password: a wrong one mails nobody, so it spends nothing of the new
        // address's allowance, which would otherwise let anyone with an account block its
        // owner's change to it.
        if (await overNewAddressLimit(request, reply)) return reply;
        await changes.request(user.id, new_email);
        request.logFields = { userId: user.id };
        if (isFormPost(request)) return answerAt(reply, "emailChangeAsked");
        return reply.code(202).send({ message: emailChangeMessages.asked });
      },
    );
  });

  /** Confirm and undo: a link's token in, a sentence out. */
  const byLink = (
    path: string,
    described: { operationId: string; summary: string; description: string },
    work: (token: string) => Promise<EmailChangeAnswer>,
    message: string,
    example: (typeof examples)["emailChanged"],
  ) =>
    app.post<{ Body: TokenBody; Reply: MessageResponse }>(
      path,
      {
        ...operation({
          ...described,
          tag: "auth",
          security: "public",
          body: { schema: tokenBodySchema, examples: examples.tokenBody },
          answers: {
            200: { description: "Done", schema: messageResponseSchema, examples: example },
          },
          refusals: { 400: changeRefusals },
          limited: true,
        }),
        config: { rateLimit: rateLimits.mailPerIp },
      },
      async (request, reply) => {
        const answer = await work(request.body.token);
        if (!answer.ok) return refuseChange(reply, answer.problem);
        return reply.send({ message });
      },
    );

  byLink(
    "/email-change/confirm/",
    {
      operationId: "confirmEmailChange",
      summary: "Make the new address the login, with the token from the link mailed to it",
      description:
        "The address is counted as confirmed; every session ends (the app logs in again with the new address); unused links sent to the old address stop working. The old address, if it was confirmed, is mailed a link that puts it back (undoEmailChange), and until that link is used or runs out no other account may sign up with the old address or change to it. An address another account has taken since the request, or another account's way back holds, is refused with email_taken, and the link still works once the address is free.",
    },
    changes.confirm,
    emailChangeMessages.changed,
    examples.emailChanged,
  );
  byLink(
    "/email-change/undo/",
    {
      operationId: "undoEmailChange",
      summary: "Put the old address back, with the token from the link mailed to it",
      description: `Every session, link and pending request of the account ends; the password stops logging in, so no change of address can be asked for either, and a link to choose a new password goes to the old address: whoever changed it knew the password. Only that reset or another undo ends the reset link. An account made on the old address since, never confirmed, is deleted. A later change or a new password does not end this link; only its own use, its ${emailChangeLifetimes.undo.words}, or another undo do. While a confirmed account has the address, the undo is refused with email_taken and its link still works.`,
    },
    changes.undo,
    emailChangeMessages.undone,
    examples.emailChangeUndone,
  );
};

/**
 * The two pages the change's messages open post their forms to their own address, token
 * included, and get a page back: done, or why not.
 */
export const emailChangePageRoutes: FastifyPluginAsync<EmailChangeOptions> = async (
  app,
  { changes, rateLimits },
) => {
  acceptFormPosts(app);

  const refusePage = (
    reply: FastifyReply,
    problem: EmailChangeProblem,
    link: { href: string; text: string },
    then: readonly string[] = [],
  ) =>
    problem === "email_taken"
      ? sendAnswerPage(reply, 400, {
          title: linkRefusedTitle,
          lines: [emailChangeMessages.taken, ...then],
          link: homeLink,
        })
      : refuseLinkPage(reply, problem, link, then);

  app.post(
    emailChangePages.confirm,
    { config: { rateLimit: rateLimits.mailPerIp } },
    async (request, reply) => {
      const answer = await changes.confirm(linkTokenOf(request));
      if (!answer.ok)
        return refusePage(reply, answer.problem, newLinkAt(emailChangePages.changeEmail));
      return answerAt(reply, "emailChanged");
    },
  );
  app.post(
    emailChangePages.undo,
    { config: { rateLimit: rateLimits.mailPerIp } },
    async (request, reply) => {
      const answer = await changes.undo(linkTokenOf(request));
      if (!answer.ok)
        return refusePage(reply, answer.problem, homeLink, [emailChangeWords.undo.stuck]);
      return answerAt(reply, "emailChangeUndone");
    },
  );
};
