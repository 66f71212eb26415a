import { googleWords } from "@ysp/content/google";
import { authMessages, nameProblem, normalizeName } from "@ysp/contract";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { Identities } from "../accounts/identities.ts";
import type { Students } from "../accounts/students.ts";
import type { AuthorizationChecks, GoogleSignIn, ProvidedIdentity } from "../auth/google.ts";
import { googleCallbackPath } from "../config.ts";
import type { Cookie } from "../http/cookies.ts";
import type { RateLimits } from "../http/rate-limits.ts";
import type { Metrics } from "../ops/metrics.ts";
import { sendAnswerPage } from "../pages/form-posts.ts";

export type GoogleRouteOptions = {
  google: GoogleSignIn;
  /** Where the provider sends the browser back: PUBLIC_URL's, never the request's Host. */
  redirectUri: string;
  identities: Identities;
  students: Pick<Students, "idByReferralCode">;
  cookie: Cookie;
  rateLimits: Pick<RateLimits, "loginPerIp">;
  outcomes: Pick<Metrics, "signup">;
};

/** The sign-in under way, as its cookie keeps it: the checks, and the invite it came with. */
type SignInUnderWay = AuthorizationChecks & { invite: string | null };

const encode = (value: SignInUnderWay) => Buffer.from(JSON.stringify(value)).toString("base64url");

function decode(raw: string | undefined): SignInUnderWay | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    const strings = ["state", "verifier", "nonce"].every((key) => typeof value?.[key] === "string");
    const invite = value?.invite === null || typeof value?.invite === "string";
    return strings && invite ? value : null;
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
 * issuer and subject; a new one with an address the provider vouches for makes an account; an
 * address another account has is never linked by its address alone.
 */
export const googleRoutes: FastifyPluginAsync<GoogleRouteOptions> = async (app, options) => {
  const { google, identities, students, cookie, rateLimits, outcomes } = options;

  app.get<{ Querystring: { invite?: string; terms?: string } }>(
    "/login/google",
    {
      schema: {
        hide: true,
        querystring: {
          type: "object",
          properties: {
            invite: { type: "string", maxLength: 32 },
            terms: { type: "string", maxLength: 16 },
          },
        },
      },
      config: { rateLimit: rateLimits.loginPerIp },
    },
    async (request, reply) => {
      const { invite, terms } = request.query;
      // The button sits under the sentence the form has ("By continuing you agree to…"): a
      // request that does not carry that agreement goes to the page that shows it.
      if (terms !== "accepted")
        return reply.redirect(invite ? `/join/${encodeURIComponent(invite)}` : "/join", 303);
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
      cookie.set(reply, encode({ ...started.checks, invite: invite ?? null }));
      return reply.redirect(started.url.href, 303);
    },
  );

  app.get(
    googleCallbackPath,
    { config: { rateLimit: rateLimits.loginPerIp } },
    async (request, reply) => {
      const underWay = decode(cookie.read(request));
      // One use: whatever happens next, this sign-in is over.
      cookie.clear(reply);
      if (!underWay) return answer(reply, 400, "failed");
      const result = await google.finish(callbackUrl(options.redirectUri, request), underWay);
      if (!result.ok) {
        request.logFields = { googleRefused: result.reason };
        return answer(reply, 400, "failed");
      }
      const { identity } = result;
      if (await identities.findAccount(identity)) return answer(reply, 200, "known");
      if (!identity.addressProven) return answer(reply, 200, "addressNotProven");
      const names = namesOf(identity);
      if (!names) return answer(reply, 200, "nameRefused");
      const referredBy = underWay.invite
        ? ((await students.idByReferralCode(underWay.invite)) ?? null)
        : null;
      const created = await identities.createAccount({ identity, ...names, referredBy });
      if (!created.ok)
        return answer(reply, 200, created.reason === "identity_taken" ? "known" : "addressTaken");
      outcomes.signup("created");
      request.logFields = { userId: created.id, referred: referredBy !== null, via: "google" };
      return answer(reply, 201, "created");
    },
  );
};

/** The URL the provider sent the browser to: our registered one, with the query it came with. */
function callbackUrl(redirectUri: string, request: FastifyRequest): URL {
  const url = new URL(redirectUri);
  const query = request.url.indexOf("?");
  if (query >= 0) url.search = request.url.slice(query);
  return url;
}
