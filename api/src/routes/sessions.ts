import {
  authMessages,
  type ChangePasswordBody,
  changePasswordBodySchema,
  type RefreshBody,
  refreshBodySchema,
  type SessionList,
  sessionListSchema,
  sessionMessages,
  type TokenPair,
  tokenPairSchema,
} from "@ysp/contract";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Credentials } from "../accounts/credentials.ts";
import { listedSessions, type SessionRecords } from "../accounts/sessions.ts";
import type { Students } from "../accounts/students.ts";
import { deviceName } from "../auth/devices.ts";
import type { PasswordHasher } from "../auth/password-hasher.ts";
import type { Sessions } from "../auth/sessions.ts";
import { refreshTokenSeconds, type TokenSigner } from "../auth/tokens.ts";
import { sendError } from "../http/errors.ts";
import { bearerOf, busy, notAuthenticated, studentOf, studentOperation } from "../http/guards.ts";
import { answeredOverLimit, loginEmailKey, type RateLimits } from "../http/rate-limits.ts";
import { examples } from "../openapi/examples.ts";
import { operation } from "../openapi/operation.ts";

export type SessionOptions = {
  students: Pick<Students, "findHolder">;
  records: Pick<SessionRecords, "live" | "end" | "endMany">;
  sessions: Pick<Sessions, "start">;
  credentials: Credentials;
  signer: TokenSigner;
  hasher: PasswordHasher;
  rateLimits: RateLimits;
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A logged-in student's sessions and password, under the auth prefix: log out here or
 * everywhere, see and end sessions, change the password. Each acts on the account of the bearer
 * token, never on an id a client names for another account.
 */
export const sessionRoutes: FastifyPluginAsync<SessionOptions> = async (app, options) => {
  logOutRoute(app, options);
  logOutEverywhereRoute(app, options);
  listSessionsRoute(app, options);
  endSessionRoute(app, options);
  changePasswordRoute(app, options);
};

/** POST /logout/: this device's session ends. */
function logOutRoute(app: FastifyInstance, { signer, records }: SessionOptions) {
  app.post<{ Body: RefreshBody }>(
    "/logout/",
    {
      ...operation({
        operationId: "logOut",
        summary: "Log this device out: its session ends, refresh and access tokens alike",
        description:
          "Ends the session of the bearer token and, when it is this account's, the session of the refresh token sent (the same one, from the app). A session already ended, or a refresh token that is no longer good, is answered 204 too (RFC 7009): the app may forget its tokens whatever the answer.",
        ...studentOperation,
        body: { schema: refreshBodySchema, examples: examples.refreshBody },
        answers: { 204: { description: "Logged out" } },
        limited: false,
      }),
    },
    async function logOut(request, reply) {
      // Signed and unexpired is enough: the session may have ended already, and ending it again
      // is no power. One statement, no read of the account.
      const token = bearerOf(request);
      const access = token ? await signer.verifyAccess(token) : null;
      if (!access) return notAuthenticated(reply);
      const refresh = await signer.verifyRefresh(request.body.refresh);
      const ids = new Set<string>();
      if (access.sessionId) ids.add(access.sessionId);
      // Another account's refresh token ends nothing: whoever sent it gets the same 204.
      if (refresh && refresh.userId === access.userId) ids.add(refresh.sessionId);
      await records.endMany(access.userId, [...ids]);
      request.logFields = { userId: access.userId, sessionsNamed: ids.size };
      return reply.code(204).send();
    },
  );
}

/** POST /logout/everywhere/: every session of the account ends. */
function logOutEverywhereRoute(app: FastifyInstance, options: SessionOptions) {
  app.post(
    "/logout/everywhere/",
    {
      ...operation({
        operationId: "logOutEverywhere",
        summary: "Log out every device: every session of the account ends, access tokens included",
        description:
          "Links sent by mail (a password reset asked for, say) still work: they reach only the mailbox.",
        ...studentOperation,
        answers: { 204: { description: "Every session has ended" } },
        limited: false,
      }),
    },
    async function logOutEverywhere(request, reply) {
      const found = await studentOf(request, options);
      if (!found) return notAuthenticated(reply);
      await options.credentials.logOutEverywhere(found.holder);
      request.logFields = { userId: found.user.id };
      return reply.code(204).send();
    },
  );
}

/** GET /sessions/: the account's live sessions, the asking one first. */
function listSessionsRoute(app: FastifyInstance, { signer, students, records }: SessionOptions) {
  app.get<{ Reply: SessionList }>(
    "/sessions/",
    {
      ...operation({
        operationId: "listSessions",
        summary: "The account's live sessions, one per device logged in, the asking one `current`",
        description: `Sessions not ended and used within the refresh token's 7 days: the asking one first, then the most recently used, ${listedSessions} at most.`,
        ...studentOperation,
        answers: {
          200: {
            description: "The asking session first, then the most recently used",
            schema: sessionListSchema,
            examples: examples.sessions,
          },
        },
        limited: false,
      }),
    },
    async function listSessions(request, reply) {
      const token = bearerOf(request);
      const holder = token ? await signer.verifyAccess(token) : null;
      if (!holder) return notAuthenticated(reply);
      const current = holder.sessionId ?? null;
      // A token naming its session is checked by the list's own statement: that session is live
      // and the account at the token's epoch exactly when it is listed (used in the access
      // token's 15 minutes, it is within `since`, and it comes first). One read, not two.
      if (!current && !(await students.findHolder(holder))) return notAuthenticated(reply);
      const since = new Date(signer.now() - refreshTokenSeconds * 1000);
      const rows = await records.live(holder, since, current);
      if (current && rows[0]?.id !== current) return notAuthenticated(reply);
      return reply.send({
        sessions: rows.map((row) => ({
          id: row.id,
          device: deviceName(row.device),
          via: row.via,
          created_at: row.createdAt.toISOString(),
          last_used_at: row.lastUsedAt.toISOString(),
          current: row.id === current,
        })),
      });
    },
  );
}

/** DELETE /sessions/:id/: one session of the account ends. */
function endSessionRoute(app: FastifyInstance, options: SessionOptions) {
  app.delete<{ Params: { id: string } }>(
    "/sessions/:id/",
    {
      ...operation({
        operationId: "endSession",
        summary: "End one session of the account (another device, or this one)",
        description:
          "Its refresh token stops working at once, and so do its access tokens. Ending the session of the token sent logs this device out.",
        ...studentOperation,
        params: { id: "The session's id, from listSessions" },
        answers: { 204: { description: "The session has ended (or had already)" } },
        refusals: {
          ...studentOperation.refusals,
          404: { session_not_found: { detail: sessionMessages.sessionNotFound } },
        },
        limited: false,
      }),
    },
    async function endSession(request, reply) {
      const found = await studentOf(request, options);
      if (!found) return notAuthenticated(reply);
      const { id } = request.params;
      // Another account's session is as unknown as one that never was.
      if (!uuid.test(id) || !(await options.records.end({ id, userId: found.user.id })))
        return sendError(reply, {
          status: 404,
          code: "session_not_found",
          detail: sessionMessages.sessionNotFound,
        });
      request.logFields = { userId: found.user.id };
      return reply.code(204).send();
    },
  );
}

/** POST /password/: a new password, checked with the current one as a login is. */
function changePasswordRoute(app: FastifyInstance, options: SessionOptions) {
  const { credentials, sessions, hasher, rateLimits } = options;
  // The login's count per address: a stolen access token buys no guesses at the password
  // beyond what a login from the same address would (changePassword shares login's groupId).
  const accountEmail = new WeakMap<FastifyRequest, string>();
  const checkAccountLimit = app.createRateLimit({
    ...rateLimits.loginPerEmail,
    keyGenerator: (request) => loginEmailKey(accountEmail.get(request) ?? ""),
  });

  app.post<{ Body: ChangePasswordBody; Reply: TokenPair }>(
    "/password/",
    {
      ...operation({
        operationId: "changePassword",
        summary: "Change the password: a new pair for this device, every other session ends",
        description:
          'Every session ends, this one too, and this device gets a new pair in a new session; links sent by mail before stop working, and "Your password was changed" is mailed to the address. Limited as a login is, and counted with it.',
        ...studentOperation,
        body: { schema: changePasswordBodySchema, examples: examples.changePasswordBody },
        answers: {
          200: { description: "The new pair", schema: tokenPairSchema, examples: examples.tokens },
        },
        refusals: {
          ...studentOperation.refusals,
          400: {
            wrong_password: { detail: sessionMessages.wrongPassword, attr: "current_password" },
          },
          503: { service_busy: { detail: authMessages.busy } },
        },
        limited: true,
      }),
      config: { rateLimit: rateLimits.loginPerIp },
    },
    async function changePassword(request, reply) {
      const found = await studentOf(request, options);
      if (!found) return notAuthenticated(reply);
      const { user, holder } = found;
      accountEmail.set(request, user.email);
      if (await answeredOverLimit(checkAccountLimit, rateLimits.loginPerEmail, request, reply))
        return reply;
      if (hasher.full()) return busy(reply);
      // An account with no password (its change of address undone) matches none: only the
      // reset mailed to its address sets one.
      const current = user.passwordHash;
      const checked = current
        ? await hasher.verify(current, request.body.current_password)
        : ({ ok: true, value: false } as const);
      if (!checked.ok) return busy(reply);
      if (!checked.value || !current)
        return sendError(reply, {
          status: 400,
          code: "wrong_password",
          detail: sessionMessages.wrongPassword,
          attr: "current_password",
        });
      const hashed = await hasher.hash(request.body.new_password);
      if (!hashed.ok) return busy(reply);
      const epoch = await credentials.changePassword(holder, current, hashed.value);
      // Changed at once by another request, whose new password ended this token's power.
      if (epoch === undefined) return notAuthenticated(reply);
      request.logFields = { userId: user.id };
      const tokens = await sessions.start(
        { userId: user.id, epoch },
        request.headers["user-agent"] ?? null,
      );
      return reply.send(tokens);
    },
  );
}
