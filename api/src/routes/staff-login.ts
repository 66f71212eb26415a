import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import {
  type PasskeyAnswer,
  type PasskeyCeremony,
  staffCeremonies,
  staffPages,
  staffSlots,
} from "@ysp/contract/staff";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import type { StaffChallenge, TokenSigner } from "../auth/tokens.ts";
import type { Cookie } from "../http/cookies.ts";
import { sendError } from "../http/errors.ts";
import type { RateLimits } from "../http/rate-limits.ts";
import { zodBody } from "../http/validation.ts";
import { hide, show, withEdits } from "../pages/page-slots.ts";
import { sendFile } from "../pages/send-file.ts";
import { pageWithHtml, requiredPage, type SiteFiles } from "../pages/static-site.ts";
import type { StaffMember, StaffMembers } from "../staff/members.ts";
import type { PasskeyCeremonies } from "../staff/passkeys.ts";
import type { StaffSessions } from "../staff/staff-sessions.ts";

export type StaffLoginOptions = {
  site: SiteFiles;
  members: StaffMembers;
  sessions: StaffSessions;
  ceremonies: PasskeyCeremonies;
  signer: TokenSigner;
  cookies: { session: Cookie; challenge: Cookie };
  rateLimits: RateLimits;
};

/** What the passkey script posts: the enrolment link's token where there is one, and the answer. */
const ceremonyBody = z.object({
  token: z.optional(z.string().check(z.maxLength(64))),
  response: z.optional(z.looseObject({ id: z.string().check(z.maxLength(1024)) })),
});
type CeremonyBody = z.infer<typeof ceremonyBody>;

/** The refusal of a ceremony's post: the script says its own words, so the detail is for logs. */
const refuse = (reply: FastifyReply, detail: string) =>
  sendError(reply, { status: 401, code: "not_authenticated", detail });

/**
 * The staff area's way in: its login page and the page an enrolment link opens, and the
 * ceremonies their script runs (staff-passkey.ts). Every ceremony is two posts: the options,
 * whose challenge the browser keeps signed in an HttpOnly cookie, and the authenticator's
 * answer, checked against that challenge; a login or an enrolment that verifies starts a
 * session. Also the way to add a passkey for a member logged in (staff.ts registers that).
 */
export const staffLoginRoutes: FastifyPluginAsync<StaffLoginOptions> = async (app, options) => {
  const { site, members, sessions, ceremonies, cookies, rateLimits } = options;
  const limited = { config: { rateLimit: rateLimits.loginPerIp } };
  const challenges = passkeyChallenges(options);

  const loginPage = requiredPage(site, staffPages.login);
  const enrolPage = requiredPage(site, staffPages.enrol);
  const expired = withEdits(enrolPage.identity.body.toString("utf8"), [
    hide(staffSlots.enrolForm),
    show(staffSlots.enrolExpired),
  ]);

  app.get(staffPages.login, async (request, reply) => {
    if (await memberOf(request, options)) return reply.redirect(staffPages.home, 303);
    return sendFile(request, reply, loginPage, { cacheControl: "no-store" });
  });

  app.get<{ Querystring: { token?: string } }>(staffPages.enrol, async (request, reply) => {
    const member = request.query.token && (await members.byEnrolToken(request.query.token));
    const page = member ? enrolPage : pageWithHtml(enrolPage, expired);
    return sendFile(request, reply, page, { cacheControl: "no-store" });
  });

  app.post(staffCeremonies.loginOptions, limited, async (_request, reply) => {
    const options = await ceremonies.authentication();
    await challenges.give(reply, { challenge: options.challenge, ceremony: "login", member: "-" });
    return options;
  });

  app.post<{ Body: CeremonyBody }>(
    staffCeremonies.login,
    { ...zodBody(ceremonyBody), ...limited },
    async (request, reply) => {
      const challenge = await challenges.take(request, reply, "login");
      const response = request.body.response as AuthenticationResponseJSON | undefined;
      const found = response && (await members.passkey(response.id));
      if (!challenge || !response || !found) return refuse(reply, "No such passkey or challenge");
      const checked = await ceremonies.verifyAuthentication(
        response,
        challenge.challenge,
        found.passkey,
      );
      if ("refused" in checked) return refuse(reply, checked.refused);
      await members.passkeyUsed(found.passkey.id, checked.ok.counter);
      return logIn(reply, found.member);
    },
  );

  app.post<{ Body: CeremonyBody }>(
    staffCeremonies.enrolOptions,
    { ...zodBody(ceremonyBody), ...limited },
    async (request, reply) => {
      const member = request.body.token && (await members.byEnrolToken(request.body.token));
      if (!member) return refuse(reply, "The enrolment link cannot be used");
      return challenges.registration(reply, member, "enrol");
    },
  );

  app.post<{ Body: CeremonyBody }>(
    staffCeremonies.enrol,
    { ...zodBody(ceremonyBody), ...limited },
    async (request, reply) => {
      const { token, response } = request.body;
      const challenge = await challenges.take(request, reply, "enrol");
      const member = token && (await members.byEnrolToken(token));
      if (!challenge || !member || !response || member.id !== challenge.member)
        return refuse(reply, "The enrolment link or its challenge cannot be used");
      const made = await ceremonies.verifyRegistration(
        response as unknown as RegistrationResponseJSON,
        challenge.challenge,
      );
      if ("refused" in made) return refuse(reply, made.refused);
      if (!(await members.enrol(token, made.ok, request.headers["user-agent"])))
        return refuse(reply, "The enrolment link was used meanwhile");
      return logIn(reply, member);
    },
  );

  async function logIn(reply: FastifyReply, member: StaffMember): Promise<PasskeyAnswer> {
    cookies.session.set(reply, await sessions.start(member.id));
    return { next: staffPages.home };
  }
};

/** The member of the request's staff session, while it is live. */
export async function memberOf(
  request: FastifyRequest,
  { sessions, cookies }: Pick<StaffLoginOptions, "sessions" | "cookies">,
): Promise<StaffMember | undefined> {
  const token = cookies.session.read(request);
  return token ? sessions.memberOf(token) : undefined;
}

/**
 * A ceremony's challenge, kept by the browser that asked: given with the options, taken (and
 * cleared) with the answer, and good only for the ceremony it was given for.
 */
export function passkeyChallenges({
  signer,
  cookies,
  ceremonies,
  members,
}: Pick<StaffLoginOptions, "signer" | "cookies" | "ceremonies" | "members">) {
  const cookie = cookies.challenge;
  const give = async (reply: FastifyReply, challenge: StaffChallenge) => {
    cookie.set(reply, await signer.signStaffChallenge(challenge));
  };
  return {
    give,
    /** Options for a new passkey of `member`, with their challenge given for `ceremony`. */
    async registration(reply: FastifyReply, member: StaffMember, ceremony: "enrol" | "add") {
      const options = await ceremonies.registration(member, await members.passkeysOf(member.id));
      await give(reply, { challenge: options.challenge, ceremony, member: member.id });
      return options;
    },
    async take(request: FastifyRequest, reply: FastifyReply, ceremony: PasskeyCeremony) {
      const token = cookie.read(request);
      cookie.clear(reply);
      const challenge = token ? await signer.verifyStaffChallenge(token) : null;
      return challenge?.ceremony === ceremony ? challenge : null;
    },
  };
}
