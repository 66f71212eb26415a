import {
  type AnswerPage,
  accountPages,
  type CorrectNameBody,
  correctNameBodySchema,
  type DataAccess,
  type DeleteBody,
  dataAccessSchema,
  dataRightsLifetimes,
  dataRightsMessages,
  dataRightsPages,
  deleteBodySchema,
  type GuardianRequestBody,
  guardianRequestBodySchema,
  guardianRequestsPerAccount,
  type MessageResponse,
  messageResponseSchema,
  type TokenBody,
  tokenBodySchema,
  yourDataDownloadSchema,
} from "@ysp/contract";
import { canonicalMailbox } from "@ysp/contract/email";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import type { AccountLinks } from "../accounts/account-links.ts";
import type { Guardians } from "../accounts/guardians.ts";
import type { Identities } from "../accounts/identities.ts";
import type { PersonalData } from "../accounts/personal-data.ts";
import { sendError } from "../http/errors.ts";
import { type DataSessionOptions, dataOwner, dataOwnerOperation } from "../http/guards.ts";
import { checkMailboxLimit, type RateLimits } from "../http/rate-limits.ts";
import { examples } from "../openapi/examples.ts";
import { linkRefusals, operation } from "../openapi/operation.ts";
import { acceptFormPosts, answerAt, formPagePath, isFormPost } from "../pages/form-posts.ts";
import { linkTokenOf, newLinkAt, refuseLink, refuseLinkPage } from "../pages/link-answers.ts";

export type YourDataOptions = DataSessionOptions & {
  links: AccountLinks;
  identities: Pick<Identities, "removeAll" | "hasAny">;
  personalData: PersonalData;
  guardians: Guardians;
  rateLimits: RateLimits;
};

/** A form post's answer is the site's page saying so; the app's, the sentence. */
const done = (request: FastifyRequest, reply: FastifyReply, answer: AnswerPage, message: string) =>
  isFormPost(request) ? answerAt(reply, answer) : reply.send({ message });

/**
 * POST <yourDataApi>/open/: the link from "Your data" (asked for in account-links.ts, answered the
 * same for any address) opens a data session of 30 minutes, whose token the app then sends.
 */
export const openYourDataRoutes: FastifyPluginAsync<YourDataOptions> = async (
  app,
  { links, signer, rateLimits },
) => {
  acceptFormPosts(app);
  app.post<{ Body: TokenBody; Reply: DataAccess }>(
    "/open/",
    {
      ...operation({
        operationId: "openYourData",
        summary:
          'Open the link from "Your data": a token that manages the account\'s data for 30 minutes',
        description:
          'Exchanges the token of "Your data at YSP" (once) for a data token, good for 30 minutes and for the operations on one\'s data only: downloadYourData, correctName, stopMarketing, deleteAccount.',
        tag: "your data",
        security: "public",
        body: { schema: tokenBodySchema, examples: examples.tokenBody },
        answers: {
          200: {
            description: "The data token (send it as a bearer token to the operations below)",
            schema: dataAccessSchema,
            examples: examples.dataAccess,
          },
        },
        refusals: { 400: linkRefusals() },
        limited: true,
      }),
      config: { rateLimit: rateLimits.mailPerIp },
    },
    async function openYourData(request, reply) {
      const opened = await links.openYourData(request.body.token);
      if (!opened.ok) return refuseLink(reply, opened.problem);
      return reply.send({
        access: await signer.signData(opened),
        expires_in: dataRightsLifetimes.yourData.seconds,
      });
    },
  );
};

/**
 * A person's own data, under the auth prefix, for the 30 minutes of a data session (guards.ts
 * dataSession): download all of it, correct their name, stop marketing mail, ask a parent's
 * permission or delete the account. Each answers JSON to the app and a page to a plain form post.
 */
export const yourDataRoutes: FastifyPluginAsync<YourDataOptions> = async (app, options) => {
  acceptFormPosts(app);
  downloadRoute(app, options);
  correctNameRoute(app, options);
  stopMarketingRoute(app, options);
  removeGoogleRoute(app, options);
  askGuardianRoute(app, options);
  deleteAccountRoute(app, options);
};

/** GET /: everything held about the account, as an attachment. */
function downloadRoute(app: FastifyInstance, { personalData }: YourDataOptions) {
  app.get(
    "/",
    operation({
      ...dataOwnerOperation,
      operationId: "downloadYourData",
      summary: "Everything held about the account, as JSON (a download)",
      description:
        "Every record held about the account, section by section, as a JSON attachment: what the Privacy Policy says a person may see.",
      answers: {
        200: {
          description:
            "Every table's rows about the account, secrets left out; sent as an attachment",
          schema: yourDataDownloadSchema,
          examples: examples.download,
        },
      },
    }),
    async function downloadYourData(request, reply) {
      const data = await personalData.download(dataOwner(request));
      return reply
        .header("Content-Disposition", 'attachment; filename="ysp-your-data.json"')
        .type("application/json; charset=utf-8")
        .send(JSON.stringify(data, null, 2));
    },
  );
}

/** POST /name/: the account's first and last name, corrected. */
function correctNameRoute(app: FastifyInstance, { personalData }: YourDataOptions) {
  app.post<{ Body: CorrectNameBody; Reply: MessageResponse }>(
    "/name/",
    {
      ...operation({
        ...dataOwnerOperation,
        operationId: "correctName",
        summary: "Correct the account's first and last name",
        description:
          "The names rule of the sign-up applies. The app shows the new name at its next getMe.",
        body: { schema: correctNameBodySchema, examples: examples.nameBody },
        answers: {
          200: {
            description: "Corrected",
            schema: messageResponseSchema,
            examples: examples.nameCorrected,
          },
        },
      }),
      config: { form: "name" },
    },
    async function correctName(request, reply) {
      const { first_name, last_name } = request.body;
      await personalData.correctName(dataOwner(request), first_name, last_name);
      return done(request, reply, "nameCorrected", dataRightsMessages.nameCorrected);
    },
  );
}

/** POST /stop-marketing/: no more newsletter or other marketing mail to the address. */
function stopMarketingRoute(app: FastifyInstance, { personalData }: YourDataOptions) {
  app.post<{ Reply: MessageResponse }>(
    "/stop-marketing/",
    {
      ...operation({
        ...dataOwnerOperation,
        operationId: "stopMarketing",
        summary: "Stop the newsletter and every other marketing email to the account's address",
        description:
          "Withdraws consent to marketing mail, and records the withdrawal. Mail about the account itself (links, notices) still comes.",
        body: { schema: z.object({}), examples: examples.emptyBody },
        answers: {
          200: {
            description: "Stopped",
            schema: messageResponseSchema,
            examples: examples.marketingStopped,
          },
        },
      }),
      config: { form: "stop-marketing" },
    },
    async function stopMarketing(request, reply) {
      await personalData.stopMarketing(dataOwner(request));
      return done(request, reply, "marketingStopped", dataRightsMessages.marketingStopped);
    },
  );
}

/** POST /google/remove/: Google sign-in off, while the account has a password to log in with. */
function removeGoogleRoute(app: FastifyInstance, { identities }: YourDataOptions) {
  app.post<{ Reply: MessageResponse }>(
    "/google/remove/",
    {
      ...operation({
        ...dataOwnerOperation,
        operationId: "removeGoogleSignIn",
        summary: "Turn Google sign-in off: only the email and password log in afterwards",
        description:
          "Unlinks every Google account that logs in to this one; sessions already open stay open. An account with no password (made with Continue with Google) is refused with password_required: it would have no way in. An account with no Google sign-in gets the same 200.",
        body: { schema: z.object({}), examples: examples.emptyBody },
        answers: {
          200: {
            description: "Google sign-in is off",
            schema: messageResponseSchema,
            examples: examples.googleRemoved,
          },
        },
        refusals: {
          ...dataOwnerOperation.refusals,
          409: { password_required: { detail: dataRightsMessages.googleNeedsPassword } },
        },
      }),
      config: { form: "remove-google" },
    },
    async function removeGoogleSignIn(request, reply) {
      const removed = await identities.removeAll(dataOwner(request).id);
      if (removed === "password_required")
        return sendError(reply, {
          status: 409,
          code: "password_required",
          detail: dataRightsMessages.googleNeedsPassword,
        });
      return done(request, reply, "googleRemoved", dataRightsMessages.googleRemoved);
    },
  );
}

/**
 * The page after a parent's request from a form: back to where the student asked,
 * /email-confirmed or "Manage your data".
 */
const guardianAnswerPage = (request: FastifyRequest, granted: boolean): AnswerPage =>
  formPagePath(request) === accountPages.emailConfirmed
    ? granted
      ? "guardianAlreadyGrantedOnConfirm"
      : "guardianAskedOnConfirm"
    : granted
      ? "guardianAlreadyGranted"
      : "guardianAsked";

/** POST /guardian-request/: a parent or guardian asked for permission, by email. */
function askGuardianRoute(app: FastifyInstance, { guardians, rateLimits }: YourDataOptions) {
  const overGuardianLimit = checkMailboxLimit(app, rateLimits.guardianPerAddress);
  app.post<{ Body: GuardianRequestBody; Reply: MessageResponse }>(
    "/guardian-request/",
    {
      ...operation({
        ...dataOwnerOperation,
        operationId: "askGuardian",
        summary:
          "Ask a parent or guardian for permission, by email (one request pending at a time)",
        description: `At most ${guardianRequestsPerAccount.max} requests per account in any ${guardianRequestsPerAccount.window}; past that, 429 with Retry-After and a sentence saying when the student may ask again.`,
        body: { schema: guardianRequestBodySchema, examples: examples.guardianRequestBody },
        answers: {
          202: {
            description: "Asked, or already given",
            schema: messageResponseSchema,
            examples: examples.guardianAsked,
          },
        },
        refusals: {
          ...dataOwnerOperation.refusals,
          400: {
            ...dataOwnerOperation.refusals[400],
            guardian_email_own: {
              detail: dataRightsMessages.guardianEmailOwn,
              attr: "guardian_email",
            },
          },
        },
        limited: true,
      }),
      config: { rateLimit: rateLimits.mailPerIp, form: "parent-request" },
    },
    async function askGuardian(request, reply) {
      const user = dataOwner(request);
      // One mailbox however it is spelled: "kid+mum@x.ng" and "k.i.d@googlemail.com" reach
      // the student, who would then give their own permission.
      if (canonicalMailbox(request.body.guardian_email) === canonicalMailbox(user.email))
        return sendError(reply, {
          status: 400,
          code: "guardian_email_own",
          detail: dataRightsMessages.guardianEmailOwn,
          attr: "guardian_email",
        });
      if (await overGuardianLimit(request, reply)) return reply;
      const asked = await guardians.request(user.id, request.body.guardian_email);
      if (asked.outcome === "limited") {
        reply.header("Retry-After", String(asked.retryAfterSeconds));
        return sendError(reply, {
          status: 429,
          code: "throttled",
          detail: dataRightsMessages.guardianRequestsUsed(asked.retryAfterSeconds),
        });
      }
      const granted = asked.outcome === "granted";
      if (isFormPost(request)) return answerAt(reply, guardianAnswerPage(request, granted));
      // The address back as the student typed it, so a mistyped one is seen at once.
      const message = granted
        ? dataRightsMessages.guardianAlreadyGranted
        : dataRightsMessages.guardianAsked(request.body.guardian_email);
      return reply.code(202).send({ message });
    },
  );
}

/** POST /delete/: the account and all its data, deleted now. */
function deleteAccountRoute(app: FastifyInstance, { personalData, dataCookie }: YourDataOptions) {
  app.post<{ Body: DeleteBody; Reply: MessageResponse }>(
    "/delete/",
    {
      ...operation({
        ...dataOwnerOperation,
        operationId: "deleteAccount",
        summary: `Delete the account and all its data now (confirm: "DELETE"); every token stops working`,
        description:
          "Erases the account and its records at once, table by table. Every token, session and link stops working, and the address gets one last message saying so.",
        body: { schema: deleteBodySchema, examples: examples.deleteBody },
        answers: {
          200: {
            description: "Deleted",
            schema: messageResponseSchema,
            examples: examples.deleted,
          },
        },
      }),
      config: { form: "delete-account" },
    },
    async function deleteAccount(request, reply) {
      await personalData.delete(dataOwner(request).id);
      dataCookie.clear(reply);
      if (isFormPost(request)) return answerAt(reply, "accountDeleted");
      return reply.send({ message: dataRightsMessages.accountDeleted });
    },
  );
}

/**
 * The page a link in "Your data at YSP" opens posts its form to its own address, token included
 * (as /verify-email does): the link is used, and this browser may manage the data for 30 minutes.
 */
export const yourDataPageRoutes: FastifyPluginAsync<YourDataOptions> = async (app, options) => {
  acceptFormPosts(app);
  app.post(
    dataRightsPages.yourData,
    { config: { rateLimit: options.rateLimits.mailPerIp } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const opened = await options.links.openYourData(linkTokenOf(request));
      if (!opened.ok)
        return refuseLinkPage(reply, opened.problem, newLinkAt(dataRightsPages.yourData));
      options.dataCookie.set(reply, await options.signer.signData(opened));
      return reply.redirect(dataRightsPages.manageYourData, 303);
    },
  );
};
