import { googleWords } from "@ysp/content/google";
import {
  type ApiErrorCode,
  accountPages,
  authMessages,
  type CorrectNameBody,
  correctNameBodySchema,
  type GoogleLoginBody,
  googleLoginBodySchema,
  googleSignIn,
  type LoginResponse,
  nameProblem,
  normalizeName,
  type SignupSource,
  sourceFields,
  sourceFrom,
} from "@ysp/contract";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Guardians } from "../accounts/guardians.ts";
import type { Identities, IdentitySignUp } from "../accounts/identities.ts";
import type { Students } from "../accounts/students.ts";
import type { AuthorizationChecks, GoogleSignIn, ProvidedIdentity } from "../auth/google.ts";
import type { Sessions } from "../auth/sessions.ts";
import type { TokenSigner } from "../auth/tokens.ts";
import type { Cookie } from "../http/cookies.ts";
import { sendError } from "../http/errors.ts";
import { busy } from "../http/guards.ts";
import type { RateLimits } from "../http/rate-limits.ts";
import { zodBody } from "../http/validation.ts";
import { examples } from "../openapi/examples.ts";
import { operation } from "../openapi/operation.ts";
import type { Metrics } from "../ops/metrics.ts";
import { acceptFormPosts, sendAnswerPage } from "../pages/form-posts.ts";
import { linkTokenOf, refuseLinkPage } from "../pages/link-answers.ts";
import { loginAnswer, loginAnswers } from "./auth.ts";

export type GoogleRouteOptions = {
  google: GoogleSignIn;
  identities: Identities;
  students: Pick<Students, "idByReferralCode">;
  cookie: Cookie;
  signer: Pick<TokenSigner, "signGoogleSignUp">;
  rateLimits: Pick<RateLimits, "loginPerIp">;
  outcomes: Pick<Metrics, "signup">;
};

/**
 * The sign-in under way, as its cookie keeps it: the checks, the invite it came with, and where
 * the student came from to /join.
 */
type SignInUnderWay = AuthorizationChecks & { invite: string | null; source: SignupSource };

const encode = (value: SignInUnderWay) => Buffer.from(JSON.stringify(value)).toString("base64url");

function decode(raw: string | undefined): SignInUnderWay | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    const strings = ["state", "verifier", "nonce"].every((key) => typeof value?.[key] === "string");
    const invite = value?.invite === null || typeof value?.invite === "string";
    // The cookie is the browser's to change: its source is taken as any request's would be.
    return strings && invite ? { ...value, source: sourceFrom(value.source) } : null;
  } catch {
    return null;
  }
}

type Answer = keyof typeof googleWords.answers;

const answer = (reply: FastifyReply, status: number, which: Answer) =>
  sendAnswerPage(reply, status, googleWords.answers[which]);

/** The names the provider gave, as the names rule takes them; null if either is refused. */
function namesOf(identity: ProvidedIdentity): { firstName: string; lastName: string } | null {
  const refused =
    nameProblem("First name", "", identity.givenName) !== null ||
    nameProblem("Last name", "", identity.familyName) !== null;
  return refused
    ? null
    : {
        firstName: normalizeName(identity.givenName),
        lastName: normalizeName(identity.familyName),
      };
}

/**
 * "Continue with Google" on the site: GET /login/google sends the browser to the provider, and
 * /login/google/callback takes it back, with no script on our pages. An identity is known by
 * issuer and subject; a new one with an address the provider vouches for makes an account, or
 * takes over one nobody confirmed, or has a link mailed to the confirmed account on its address
 * (identities.ts): never linked by its address alone.
 */
export const googleRoutes: FastifyPluginAsync<GoogleRouteOptions> = async (app, options) => {
  const { google, identities, students, cookie, signer, rateLimits, outcomes } = options;

  const { terms, invite: inviteParameter } = googleSignIn;
  app.get<{ Querystring: { [inviteParameter]?: string; [terms.name]?: string } }>(
    googleSignIn.path,
    {
      schema: {
        hide: true,
        querystring: {
          type: "object",
          properties: {
            [inviteParameter]: { type: "string", maxLength: 32 },
            [terms.name]: { type: "string", maxLength: 16 },
            ...Object.fromEntries(sourceFields.map((name) => [name, { type: "string" }])),
          },
        },
      },
      config: { rateLimit: rateLimits.loginPerIp },
    },
    async (request, reply) => {
      // As the sign-up reads a code: an invite link typed in lower case names the same student.
      const invite = request.query[inviteParameter]?.trim().toUpperCase() || undefined;
      // The button sits under the sentence the form has ("By continuing you agree to…"): a
      // request that does not carry that agreement goes to the page that shows it.
      if (request.query[terms.name] !== terms.value) {
        const page = invite
          ? `${accountPages.join}/${encodeURIComponent(invite)}`
          : accountPages.join;
        return reply.redirect(page, 303);
      }
      if (invite && !(await students.idByReferralCode(invite)))
        return sendAnswerPage(reply, 400, {
          title: googleWords.answers.failed.title,
          lines: [authMessages.inviteUnknown],
          link: googleWords.answers.failed.link,
        });
      let started: Awaited<ReturnType<GoogleSignIn["start"]>>;
      try {
        started = await google.start();
      } catch (error) {
        request.log.warn({ err: error }, "the identity provider cannot be reached");
        return answer(reply, 503, "unavailable");
      }
      const source = sourceFrom(request.query);
      cookie.set(reply, encode({ ...started.checks, invite: invite ?? null, source }));
      return reply.redirect(started.url.href, 303);
    },
  );

  app.get(
    googleSignIn.callback,
    { config: { rateLimit: rateLimits.loginPerIp } },
    async (request, reply) => {
      const underWay = decode(cookie.read(request));
      // One use: whatever happens next, this sign-in is over.
      cookie.clear(reply);
      if (!underWay) return answer(reply, 400, "failed");
      const query = request.url.indexOf("?");
      const result = await google.finish(query < 0 ? "" : request.url.slice(query), underWay);
      if (!result.ok) {
        request.logFields = { googleRefused: result.reason };
        return answer(reply, 400, "failed");
      }
      const { identity } = result;
      if (await identities.findAccount(identity)) return answer(reply, 200, "known");
      if (!identity.addressProven) return answer(reply, 200, "addressNotProven");
      const referredBy = underWay.invite
        ? ((await students.idByReferralCode(underWay.invite)) ?? null)
        : null;
      const { source } = underWay;
      const names = namesOf(identity);
      const signedUp = await identities.signUp({ identity, names, referredBy, source });
      if (signedUp.outcome === "name_refused") {
        // Asked for on a page, never stored as it came: the identity waits, signed, in the
        // browser's sign-in cookie for the name the student types.
        const { issuer, subject, email } = identity;
        const pending = { issuer, subject, email, referredBy, source };
        cookie.set(reply, await signer.signGoogleSignUp(pending));
        return reply.redirect(googleSignIn.namePage, 303);
      }
      return answerSignUp(request, reply, signedUp, { referredBy, outcomes });
    },
  );
};

/** The page a new identity's sign-up lands on, the sign-up counted and logged when it made one. */
function answerSignUp(
  request: FastifyRequest,
  reply: FastifyReply,
  signedUp: IdentitySignUp,
  { referredBy, outcomes }: { referredBy: string | null; outcomes: Pick<Metrics, "signup"> },
) {
  request.logFields = { googleSignUp: signedUp.outcome };
  switch (signedUp.outcome) {
    case "created":
    case "taken_over":
      outcomes.signup("created");
      request.logFields = {
        userId: signedUp.id,
        referred: referredBy !== null,
        via: "google",
        googleSignUp: signedUp.outcome,
      };
      return answer(reply, 201, signedUp.outcome === "created" ? "created" : "takenOver");
    case "link_sent":
      return answer(reply, 200, "linkSent");
    case "identity_taken":
      return answer(reply, 200, "known");
    case "email_taken":
      return answer(reply, 200, "addressTaken");
    case "name_refused":
      // The name came from the student's own form, checked there: never refused here.
      throw new Error("A name the names rule passed was refused");
  }
}

export type GooglePageOptions = {
  identities: Pick<Identities, "addByLink" | "signUp">;
  cookie: Cookie;
  signer: Pick<TokenSigner, "verifyGoogleSignUp">;
  rateLimits: Pick<RateLimits, "mailPerIp" | "loginPerIp">;
  outcomes: Pick<Metrics, "signup">;
};

/**
 * The two pages that finish what Google began, registered whether or not Google is configured
 * now, since what they need is in a link or a signed cookie: the tap on the page the link in
 * "Add Google sign-in to your YSP account?" opens, and the name asked for when the names rule
 * refuses Google's.
 */
export const googlePageRoutes: FastifyPluginAsync<GooglePageOptions> = async (app, options) => {
  const { identities, cookie, signer, rateLimits, outcomes } = options;
  acceptFormPosts(app);
  app.post(
    googleSignIn.linkPage,
    { config: { rateLimit: rateLimits.mailPerIp } },
    async (request, reply) => {
      const added = await identities.addByLink(linkTokenOf(request));
      if (!added.ok) return refuseLinkPage(reply, added.problem, { href: "/", text: "Go to home" });
      return answer(reply, 200, "linked");
    },
  );

  app.post<{ Body: CorrectNameBody }>(
    googleSignIn.namePage,
    { ...zodBody(correctNameBodySchema), config: { rateLimit: rateLimits.loginPerIp } },
    async (request, reply) => {
      const token = cookie.read(request);
      const pending = token ? await signer.verifyGoogleSignUp(token) : null;
      if (!pending) return answer(reply, 400, "failed");
      cookie.clear(reply);
      const { issuer, subject, email, referredBy, source } = pending;
      // Google vouched for the address when it was signed: only such identities are.
      const identity = {
        issuer,
        subject,
        email,
        addressProven: true,
        givenName: "",
        familyName: "",
      };
      const names = { firstName: request.body.first_name, lastName: request.body.last_name };
      const signedUp = await identities.signUp({ identity, names, referredBy, source });
      return answerSignUp(request, reply, signedUp, { referredBy, outcomes });
    },
  );
};

export type GoogleAppOptions = {
  /** Null without GOOGLE_CLIENT_ID: the operation stays in the document and answers 404. */
  google: GoogleSignIn | null;
  identities: Identities;
  students: Pick<Students, "idByReferralCode">;
  sessions: Sessions;
  guardians: Pick<Guardians, "state">;
  rateLimits: Pick<RateLimits, "loginPerIp">;
  outcomes: Pick<Metrics, "signup" | "login">;
};

/**
 * POST <authPrefix>/google/: the app's own Google sign-in hands over the ID token Google gave
 * it, and gets what logIn gives, under the callback's rules: known by subject, a new account only
 * from an address Google vouches for and only with the terms agreed, never linked by address.
 */
export const googleAppRoutes: FastifyPluginAsync<GoogleAppOptions> = async (app, options) => {
  const { google, identities, students, sessions, guardians, rateLimits, outcomes } = options;

  app.post<{ Body: GoogleLoginBody; Reply: LoginResponse }>(
    "/google/",
    {
      ...operation({
        operationId: "logInWithGoogle",
        summary: "Log in, or sign up, with the ID token of the app's Google sign-in",
        description:
          "Answers 404 on a server without Google sign-in. The token must be signed by a key Google publishes now, issued by Google, for one of the app's client ids (GOOGLE_APP_CLIENT_IDS), and unexpired. A Google account already known logs in to its account, whatever its address is now. A new one, when Google vouches for the address (gmail.com, or a Workspace address) and accept_terms is true, makes an account with no password, its address confirmed, named as Google names the person; when the names rule refuses Google's names, the call is refused with name_refused, and the student's own first_name and last_name, sent with the next call, are used instead. An account already on the address is never linked by the address alone: if its address is confirmed, nothing changes and its mailbox is sent a link that adds this Google account (google_link_sent); if nobody ever confirmed it, Google's proof of the mailbox wins: its password is removed, its sessions, links and pending changes end, the address is told, and this call logs in to it.",
        tag: "auth",
        security: "public",
        body: { schema: googleLoginBodySchema, examples: examples.googleLoginBody },
        answers: loginAnswers,
        refusals: {
          400: {
            invalid_referral_code: { detail: authMessages.inviteUnknown, attr: "referral_code" },
          },
          401: { google_token_refused: { detail: authMessages.googleRefused } },
          404: { not_found: { detail: authMessages.googleOff } },
          409: {
            terms_required: { detail: authMessages.termsRequired, attr: "accept_terms" },
            google_link_sent: { detail: authMessages.googleLinkSent },
            email_taken: { detail: authMessages.googleAddressTaken },
          },
          422: {
            email_unverified: { detail: authMessages.googleAddressNotProven },
            name_refused: { detail: authMessages.googleNameRefused },
          },
          503: { service_busy: { detail: authMessages.busy } },
        },
        limited: true,
      }),
      config: { rateLimit: rateLimits.loginPerIp },
    },
    async (request, reply) => {
      const body = request.body;
      if (!google)
        return sendError(reply, { status: 404, code: "not_found", detail: authMessages.googleOff });
      let verified: Awaited<ReturnType<GoogleSignIn["verifyAppToken"]>>;
      try {
        verified = await google.verifyAppToken(body.id_token);
      } catch (error) {
        request.log.warn({ err: error }, "the identity provider cannot be reached");
        return busy(reply);
      }
      if (!verified.ok) {
        request.logFields = { googleRefused: verified.reason };
        outcomes.login("failed");
        return sendError(reply, {
          status: 401,
          code: "google_token_refused",
          detail: authMessages.googleRefused,
        });
      }
      const { identity } = verified;
      let user = await identities.findAccount(identity);
      if (!user) {
        const made = await newAccount(identity, body, reply);
        if (!made.ok) return made.reply;
        user = await identities.findAccount(identity);
        // Made or found a moment ago: an account gone already was deleted in between.
        if (!user) throw new Error("The account made for a Google sign-in is gone");
        outcomes.signup("created");
        request.logFields = { userId: user.id, via: "google" };
      }
      outcomes.login("succeeded");
      return reply.send(await loginAnswer(user, request, { sessions, guardians }, "google"));
    },
  );

  /** The account a new identity makes, or the refusal the app is answered with. */
  async function newAccount(
    identity: ProvidedIdentity,
    body: GoogleLoginBody,
    reply: FastifyReply,
  ): Promise<{ ok: true } | { ok: false; reply: FastifyReply }> {
    const refuse = (status: number, code: ApiErrorCode, detail: string, attr?: string) => ({
      ok: false as const,
      reply: sendError(reply, { status, code, detail, ...(attr ? { attr } : {}) }),
    });
    if (!identity.addressProven)
      return refuse(422, "email_unverified", authMessages.googleAddressNotProven);
    if (body.accept_terms !== true)
      return refuse(409, "terms_required", authMessages.termsRequired, "accept_terms");
    let referredBy: string | null = null;
    if (body.referral_code) {
      referredBy = (await students.idByReferralCode(body.referral_code)) ?? null;
      if (!referredBy)
        return refuse(400, "invalid_referral_code", authMessages.inviteUnknown, "referral_code");
    }
    const typed =
      body.first_name && body.last_name
        ? { firstName: body.first_name, lastName: body.last_name }
        : null;
    const names = typed ?? namesOf(identity);
    // The app sends no source: where its students come from is the stores' to say.
    const signedUp = await identities.signUp({ identity, names, referredBy, source: {} });
    switch (signedUp.outcome) {
      case "link_sent":
        return refuse(409, "google_link_sent", authMessages.googleLinkSent);
      case "email_taken":
        return refuse(409, "email_taken", authMessages.googleAddressTaken);
      case "name_refused":
        return refuse(422, "name_refused", authMessages.googleNameRefused);
    }
    // identity_taken: the same person's other request made it a moment ago; it logs in.
    return { ok: true };
  }
};
