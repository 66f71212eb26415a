import {
  accountPages,
  authMessages,
  type LoginBody,
  type LoginResponse,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  type PublicUser,
  publicUserSchema,
  type RefreshBody,
  refreshBodySchema,
  type SignupBody,
  type SignupResponse,
  signupBodySchema,
  signupCorrectionLifetime,
  sourceFrom,
  type TokenPair,
  tokenPairSchema,
} from "@ysp/contract";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { AccountLinks } from "../accounts/account-links.ts";
import type { Accounts } from "../accounts/accounts.ts";
import type { Guardians } from "../accounts/guardians.ts";
import type { LoggedInVia } from "../accounts/sessions.ts";
import { toPublicUser } from "../accounts/students.ts";
import type { PasswordHasher } from "../auth/password-hasher.ts";
import type { Sessions } from "../auth/sessions.ts";
import type { TokenSigner } from "../auth/tokens.ts";
import type { User } from "../db/schema.ts";
import { refuseTokenInBody } from "../http/auth-challenges.ts";
import type { Cookie } from "../http/cookies.ts";
import { sendError } from "../http/errors.ts";
import { busy, notAuthenticated, studentOf, studentOperation } from "../http/guards.ts";
import { answeredOverLimit, type RateLimits } from "../http/rate-limits.ts";
import { rememberSignedUp } from "../http/signed-up-address.ts";
import type { SignupCookie } from "../http/signup-cookie.ts";
import { examples, message } from "../openapi/examples.ts";
import { operation } from "../openapi/operation.ts";
import type { Metrics } from "../ops/metrics.ts";
import { acceptFormPosts, isFormPost } from "../pages/form-posts.ts";

/**
 * A new session on the requesting device and the student, as logIn and logInWithGoogle answer:
 * the first token pair, and the account with its parent's permission.
 */
export async function loginAnswer(
  user: User,
  request: FastifyRequest,
  { sessions, guardians }: Pick<AuthOptions, "sessions" | "guardians">,
  via: LoggedInVia = "password",
): Promise<LoginResponse> {
  const [tokens, consent] = await Promise.all([
    sessions.start(
      { userId: user.id, epoch: user.credentialsEpoch },
      request.headers["user-agent"] ?? null,
      via,
    ),
    guardians.state(user.id),
  ]);
  return { ...tokens, user: toPublicUser(user, consent) };
}

/** What logIn and logInWithGoogle answer when they succeed. */
export const loginAnswers = {
  200: {
    description: "The first token pair, and the student",
    schema: loginResponseSchema,
    examples: examples.login,
  },
};

/** Where the auth routes are registered; every URL below is relative to it. */
export const authPrefix = "/api/v1/auth";

export type AuthOptions = {
  accounts: Accounts;
  sessions: Sessions;
  signer: TokenSigner;
  hasher: PasswordHasher;
  /** A real hash of a random password, verified when the email is unknown so both paths take as long. */
  decoyHash: string;
  rateLimits: RateLimits;
  links: AccountLinks;
  guardians: Pick<Guardians, "state">;
  /** Told how each sign-up and login ended (ysp_signups_total, ysp_logins_total). */
  outcomes: Pick<Metrics, "signup" | "login">;
  /** Where a sign-up without a script went, masked, for /signed-up (http/signed-up-address.ts). */
  signedUpCookie: Cookie;
  /** The account this browser has just made (signup-cookie.ts). */
  signup: SignupCookie;
};

type RefreshOptions = Pick<AuthOptions, "sessions" | "rateLimits"> & {
  /** The refresh is registered at two addresses, each an operation of its own. */
  operationId: string;
};

/** POST <prefix>/refresh/, on whichever prefix it is registered. */
function refreshRoute(
  app: FastifyInstance,
  { sessions, rateLimits, operationId }: RefreshOptions,
  description: string,
) {
  app.post<{ Body: RefreshBody; Reply: TokenPair }>(
    "/refresh/",
    {
      ...operation({
        operationId,
        summary: "Exchange a refresh token for a new pair (the old one stops working)",
        description,
        tag: "auth",
        security: "public",
        body: { schema: refreshBodySchema, examples: examples.refreshBody },
        answers: {
          200: { description: "A new pair", schema: tokenPairSchema, examples: examples.tokens },
        },
        refusals: { 401: { token_not_valid: { detail: authMessages.sessionExpired } } },
        limited: true,
      }),
      config: { rateLimit: rateLimits.refresh },
    },
    async (request, reply) => {
      const result = await sessions.rotate(request.body.refresh);
      if (!result.ok) {
        if (result.reason === "reused")
          request.log.warn("refresh token reused; session family revoked");
        return sendError(refuseTokenInBody(reply), {
          status: 401,
          code: "token_not_valid",
          detail: authMessages.sessionExpired,
        });
      }
      return reply.send(result.tokens);
    },
  );
}

/**
 * The same exchange at /auth/refresh/, the address the site's API client refreshes at:
 * registered under the prefix "/auth", beside authRoutes' own under authPrefix.
 */
export const refreshRoutes: FastifyPluginAsync<Omit<RefreshOptions, "operationId">> = async (
  app,
  options,
) => {
  refreshRoute(
    app,
    { ...options, operationId: "refreshSessionAtSite" },
    "The same exchange as refreshSession, at the address the site's own pages use.",
  );
};

/** Sign-up, login, token refresh and the signed-in student, under authPrefix. */
export const authRoutes: FastifyPluginAsync<AuthOptions> = async (app, options) => {
  const { accounts, signer, hasher, decoyHash, rateLimits, links, guardians, outcomes } = options;
  const { students } = accounts;
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
  ): Promise<string | false | "busy"> {
    const perEmail = await checkEmailLimit(request);
    if (!perEmail.isAllowed && perEmail.isExceeded) return false;
    const recent = await students.recentSignup(body.email);
    const checked = await hasher.verify(recent?.passwordHash ?? decoyHash, body.password);
    if (!checked.ok) return "busy";
    return recent !== undefined && checked.value ? recent.id : false;
  }

  // The sign-up page posts its form itself when Continue is pressed before its script has loaded,
  // to its own address, which form-routes.ts routes here.
  await app.register(async (forms) => {
    acceptFormPosts(forms);
    forms.post<{ Body: SignupBody; Reply: SignupResponse }>(
      "/signup/",
      {
        ...operation({
          operationId: "signUp",
          summary: "Create a student account",
          description: `Sending the same email and password again within ten minutes of the account (a second press, a retry after a lost answer) is answered 201 again. An address that another account's way back (undoEmailChange) can still give back is answered as a taken one. A browser's sign-up sets an HttpOnly cookie naming the account for ${signupCorrectionLifetime.words}, which correctSignupEmail and resendSignupLink read.`,
          tag: "auth",
          security: "public",
          body: { schema: signupBodySchema, examples: examples.signupBody },
          answers: {
            201: {
              description: "The account is made; a message to confirm the email is on its way",
              schema: messageResponseSchema,
              examples: message("The account is made", authMessages.created),
            },
          },
          refusals: {
            400: {
              email_taken: { detail: authMessages.emailTaken, attr: "email" },
              invalid_referral_code: { detail: authMessages.inviteUnknown, attr: "referral_code" },
            },
            503: { service_busy: { detail: authMessages.busy } },
          },
          limited: true,
        }),
        config: { rateLimit: rateLimits.signup, form: "sign-up" },
        // Every answer that is not a success, the limit's and the validator's included.
        onResponse: async (_request, reply) => {
          if (reply.statusCode >= 400) outcomes.signup("refused");
        },
      },
      async (request, reply) => {
        const body = request.body;
        if (hasher.full()) return busy(reply);
        let referredBy: string | null = null;
        if (body.referral_code) {
          const referrer = await students.idByReferralCode(body.referral_code);
          if (!referrer)
            return sendError(reply, {
              status: 400,
              code: "invalid_referral_code",
              detail: authMessages.inviteUnknown,
              attr: "referral_code",
            });
          referredBy = referrer;
        }
        const hashed = await hasher.hash(body.password);
        if (!hashed.ok) return busy(reply);
        // No look-up first: the unique index answers a taken email, and at peak every
        // sign-up is a new student, so a query before hashing would only cost each one CPU.
        // The link to confirm the address, and its message, are written with the account.
        const created = await students.createStudent(
          {
            email: body.email,
            first_name: body.first_name,
            last_name: body.last_name,
            passwordHash: hashed.value,
            referredBy,
            // Checked by the body's schema already; "" (an empty hidden field) is none.
            source: sourceFrom(body),
          },
          links.newLink("verify_email"),
        );
        let userId: string;
        if (!created.ok) {
          const repeated = await repeatsRecentSignup(request, body);
          if (repeated === "busy") return busy(reply);
          if (!repeated)
            return sendError(reply, {
              status: 400,
              code: "email_taken",
              detail: authMessages.emailTaken,
              attr: "email",
            });
          userId = repeated;
          request.logFields = { repeatedSignup: true };
          outcomes.signup("repeated");
        } else {
          userId = created.id;
          outcomes.signup("created");
          links.wake();
          request.logFields = { userId: created.id, referred: referredBy !== null };
        }
        // This browser may put a mistyped address right, with the password, for a day.
        await options.signup.remember(reply, userId);
        // A page of the site at its own address, so a reload shows it again, never posts twice.
        if (isFormPost(request)) {
          rememberSignedUp(options.signedUpCookie, reply, body.email);
          return reply.redirect(accountPages.signedUp, 303);
        }
        return reply.code(201).send({ message: authMessages.created });
      },
    );
  });

  app.post<{ Body: LoginBody; Reply: LoginResponse }>(
    "/login/",
    {
      ...operation({
        operationId: "logIn",
        summary: "Log in with email and password (for the mobile app)",
        description:
          "Starts a session on this device: an access token (15 minutes) and a refresh token (7 days) to exchange with refreshSession. A wrong password and an unknown address get the same 401. Attempts are limited per client and per address.",
        tag: "auth",
        security: "public",
        body: { schema: loginBodySchema, examples: examples.loginBody },
        answers: loginAnswers,
        refusals: {
          401: { authentication_failed: { detail: authMessages.badCredentials } },
          503: { service_busy: { detail: authMessages.busy } },
        },
        limited: true,
      }),
      config: { rateLimit: rateLimits.loginPerIp },
      onResponse: async (_request, reply) => {
        const status = reply.statusCode;
        outcomes.login(status === 200 ? "succeeded" : status === 401 ? "failed" : "refused");
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      if (hasher.full()) return busy(reply);
      // Guessing one student's password from many addresses is limited per email as well as per IP.
      if (await answeredOverLimit(checkEmailLimit, rateLimits.loginPerEmail, request, reply))
        return reply;
      const user = await students.findByEmail(email);
      const checked = await hasher.verify(user?.passwordHash ?? decoyHash, password);
      if (!checked.ok) return busy(reply);
      if (!user || !checked.value)
        return sendError(reply, {
          status: 401,
          code: "authentication_failed",
          detail: authMessages.badCredentials,
        });
      return reply.send(await loginAnswer(user, request, options));
    },
  );

  refreshRoute(
    app,
    { ...options, operationId: "refreshSession" },
    "Refresh tokens rotate: each works once, and the pair it returns replaces it. The token rotated just before the current one, sent again within seconds (a retry after a lost answer), gets the same pair again; any older one ends the whole session. An access token is refused here.",
  );

  app.get<{ Reply: PublicUser }>(
    "/me/",
    {
      ...operation({
        operationId: "getMe",
        summary: "The logged-in student",
        description:
          "The account of the access token: its name, address, invite code, whether the address is confirmed and a parent's permission. Refused as soon as the session ends or the password changes.",
        ...studentOperation,
        answers: {
          200: { description: "The student", schema: publicUserSchema, examples: examples.me },
        },
        limited: false,
      }),
    },
    async (request, reply) => {
      const found = await studentOf(request, { signer, students });
      if (!found) return notAuthenticated(reply);
      const { user } = found;
      return reply.send(toPublicUser(user, await guardians.state(user.id)));
    },
  );
};
