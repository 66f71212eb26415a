import {
  apiMessages,
  type LoginBody,
  loginBodySchema,
  refreshBodySchema,
  type SignupBody,
  signupBodySchema,
  signupFollowUp,
} from "@ysp/contract";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { createAccounts, toPublicUser } from "../accounts.ts";
import type { PasswordHasher } from "../auth/password-hasher.ts";
import { createSessions } from "../auth/sessions.ts";
import type { TokenSigner } from "../auth/tokens.ts";
import type { Db } from "../db/client.ts";
import { errorSchema, sendError } from "../errors.ts";
import { acceptFormPosts, isFormPost, sendAnswerPage } from "../form-posts.ts";
import { type RateLimits, tooManyAttempts } from "../rate-limits.ts";
import { zodBody } from "../validation.ts";

export type AuthOptions = {
  db: Db;
  signer: TokenSigner;
  hasher: PasswordHasher;
  /** A real hash of a random password, verified when the email is unknown so both paths take as long. */
  decoyHash: string;
  rateLimits: RateLimits;
  refreshReuseGraceSeconds: number;
};

export const authMessages = {
  created: "Account created successfully",
  emailTaken: "An account with this email already exists. Log in in the app instead.",
  inviteUnknown: apiMessages.referralFormat,
  badCredentials: "Incorrect email or password.",
  sessionExpired: "Your session has expired. Please log in again.",
  notAuthenticated: "Please log in to continue.",
  busy: "We are receiving a lot of requests right now. Please try again in a few seconds.",
} as const;

const userSchema = {
  type: "object",
  properties: {
    id: { type: "string", format: "uuid" },
    email: { type: "string" },
    first_name: { type: "string" },
    last_name: { type: "string" },
    user_type: { type: "string", enum: ["STUDENT"] },
    referral_code: { type: "string" },
  },
  required: ["id", "email", "first_name", "last_name", "user_type", "referral_code"],
} as const;

const tokensSchema = {
  type: "object",
  properties: { access: { type: "string" }, refresh: { type: "string" } },
  required: ["access", "refresh"],
} as const;

const busy = (reply: FastifyReply) => {
  reply.header("Retry-After", "1");
  return sendError(reply, 503, "service_busy", authMessages.busy);
};

export const authRoutes: FastifyPluginAsync<AuthOptions> = async (app, options) => {
  const { db, signer, hasher, decoyHash, rateLimits, refreshReuseGraceSeconds } = options;
  const accounts = createAccounts(db);
  const sessions = createSessions(db, signer, refreshReuseGraceSeconds);
  const checkEmailLimit = app.createRateLimit(rateLimits.loginPerEmail);

  /**
   * The same student repeating a sign-up that has just succeeded (a second press of
   * Continue while the first was on its way, or a retry after a lost answer): same
   * email and password, within ten minutes of the account. Every taken email costs
   * the same check, against a decoy when the account is older, under the login's
   * limit per email: the answer and its timing tell nothing a login would not.
   */
  async function repeatsRecentSignup(
    request: FastifyRequest,
    body: SignupBody,
  ): Promise<boolean | "busy"> {
    const perEmail = await checkEmailLimit(request);
    if (!perEmail.isAllowed && perEmail.isExceeded) return false;
    const recent = await accounts.recentPasswordHash(body.email);
    const checked = await hasher.verify(recent ?? decoyHash, body.password);
    if (!checked.ok) return "busy";
    return recent !== undefined && checked.value;
  }

  // Answers carry tokens and personal details: no browser or proxy may keep a copy.
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  // The sign-up page posts its form itself when Continue is pressed before its script has loaded.
  await app.register(async (forms) => {
    acceptFormPosts(forms);
    forms.post<{ Body: SignupBody }>(
      "/api/v1/auth/signup/",
      {
        ...zodBody(signupBodySchema, {
          summary: "Create a student account",
          tags: ["auth"],
          response: {
            201: {
              type: "object",
              properties: { message: { type: "string" } },
              required: ["message"],
            },
            "4xx": errorSchema,
            "5xx": errorSchema,
          },
        }),
        config: { rateLimit: rateLimits.signup },
      },
      async (request, reply) => {
        const body = request.body;
        if (hasher.full()) return busy(reply);
        let referredBy: string | null = null;
        if (body.referral_code) {
          const referrer = await accounts.idByReferralCode(body.referral_code);
          if (!referrer)
            return sendError(
              reply,
              400,
              "invalid_referral_code",
              authMessages.inviteUnknown,
              "referral_code",
            );
          referredBy = referrer;
        }
        const hashed = await hasher.hash(body.password);
        if (!hashed.ok) return busy(reply);
        // No look-up first: the unique index answers a taken email, and at peak every
        // sign-up is a new student, so a query before hashing would only cost each one CPU.
        const created = await accounts.createStudent({
          email: body.email,
          first_name: body.first_name,
          last_name: body.last_name,
          passwordHash: hashed.value,
          referredBy,
        });
        if (!created.ok) {
          const repeated = await repeatsRecentSignup(request, body);
          if (repeated === "busy") return busy(reply);
          if (!repeated)
            return sendError(reply, 400, "email_taken", authMessages.emailTaken, "email");
          request.logFields = { repeatedSignup: true };
        } else {
          request.logFields = { userId: created.id, referred: referredBy !== null };
        }
        if (isFormPost(request))
          return sendAnswerPage(reply, 201, {
            title: "Welcome to YSP",
            lines: [`${authMessages.created} 👍`, signupFollowUp],
            link: { href: "/", text: "Go to the home page" },
          });
        return reply.code(201).send({ message: authMessages.created });
      },
    );
  });

  app.post<{ Body: LoginBody }>(
    "/api/v1/auth/login/",
    {
      ...zodBody(loginBodySchema, {
        summary: "Log in with email and password (for the mobile app)",
        tags: ["auth"],
        response: {
          200: {
            type: "object",
            properties: { ...tokensSchema.properties, user: userSchema },
            required: ["access", "refresh", "user"],
          },
          "4xx": errorSchema,
          "5xx": errorSchema,
        },
      }),
      config: { rateLimit: rateLimits.loginPerIp },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      if (hasher.full()) return busy(reply);
      // Guessing one student's password from many addresses is limited per email as well as per IP.
      const perEmail = await checkEmailLimit(request);
      if (!perEmail.isAllowed && perEmail.isExceeded) {
        reply.header("Retry-After", String(perEmail.ttlInSeconds));
        return sendError(reply, 429, "throttled", tooManyAttempts(perEmail.ttl));
      }
      const user = await accounts.findByEmail(email);
      const checked = await hasher.verify(user?.passwordHash ?? decoyHash, password);
      if (!checked.ok) return busy(reply);
      if (!user || !checked.value)
        return sendError(reply, 401, "authentication_failed", authMessages.badCredentials);
      const tokens = await sessions.start(user.id);
      return reply.send({ ...tokens, user: toPublicUser(user) });
    },
  );

  const refresh = async (
    request: FastifyRequest<{ Body: { refresh: string } }>,
    reply: FastifyReply,
  ) => {
    const result = await sessions.rotate(request.body.refresh);
    if (!result.ok) {
      if (result.reason === "reused")
        request.log.warn("refresh token reused; session family revoked");
      return sendError(reply, 401, "token_not_valid", authMessages.sessionExpired);
    }
    return reply.send(result.tokens);
  };
  for (const url of ["/auth/refresh/", "/api/v1/auth/refresh/"]) {
    app.post<{ Body: { refresh: string } }>(
      url,
      {
        ...zodBody(refreshBodySchema, {
          summary: "Exchange a refresh token for a new pair (the old one stops working)",
          tags: ["auth"],
          response: { 200: tokensSchema, "4xx": errorSchema, "5xx": errorSchema },
        }),
        config: { rateLimit: rateLimits.refresh },
      },
      refresh,
    );
  }

  app.get(
    "/api/v1/auth/me/",
    {
      schema: {
        summary: "The logged-in student",
        tags: ["auth"],
        security: [{ bearerAuth: [] }],
        response: { 200: userSchema, "4xx": errorSchema },
      },
    },
    async (request, reply) => {
      const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "");
      const claims = match?.[1] ? await signer.verifyAccess(match[1]) : null;
      const user = claims ? await accounts.findById(claims.userId) : undefined;
      if (!user) return sendError(reply, 401, "not_authenticated", authMessages.notAuthenticated);
      return reply.send(toPublicUser(user));
    },
  );
};
