import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { staffWords } from "@ysp/content/staff";
import { staffStudentsWords } from "@ysp/content/staff-students";
import { emailProblem } from "@ysp/contract/email";
import { staffCeremonies, staffFramePath, staffPages, staffRoles } from "@ysp/contract/staff";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../http/errors.ts";
import type { Guard } from "../http/guards.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { acceptFormPosts, isFormPost } from "../pages/form-posts.ts";
import { sendFile } from "../pages/send-file.ts";
import { requiredPage } from "../pages/static-site.ts";
import { auditHtml, type StaffAudit } from "../staff/audit.ts";
import { type Dashboard, dashboardFilterFrom } from "../staff/dashboard.ts";
import { dashboardHtml } from "../staff/dashboard-view.ts";
import type { StaffMember } from "../staff/members.ts";
import { type Invitation, membersHtml, type Notice, passkeysHtml } from "../staff/members-view.ts";
import { type StaffFrame, type StaffPage, staffFrameOf } from "../staff/staff-frame.ts";
import {
  type LookUpForm,
  type StudentLookups,
  studentLookupFormHtml,
  studentLookupHtml,
} from "../staff/student-lookup.ts";
import { staffTablesPath, tableCsv } from "../staff/tables.ts";
import { memberOf, passkeyChallenges, type StaffLoginOptions } from "./staff-login.ts";

export type StaffAreaOptions = StaffLoginOptions & {
  dashboard: Dashboard;
  lookup: StudentLookups;
  audit: StaffAudit;
};

declare module "fastify" {
  interface FastifyRequest {
    staffMember: StaffMember | null;
  }
}

/** The member a request of the staff area is from: the staffSession guard let it through. */
export const staffMemberOf = (request: FastifyRequest) => request.staffMember as StaffMember;

/**
 * Every route of the group needs a live staff session (staff/staff-sessions.ts), read from its
 * cookie alone: a student's bearer token or data session is never looked at, so it opens
 * nothing here. Without one, a page or a form goes to the login page, and the passkey script's
 * JSON is refused.
 */
export const staffSession =
  (options: Pick<StaffLoginOptions, "sessions" | "cookies">): Guard =>
  (group) => {
    group.decorateRequest("staffMember", null);
    group.addHook("preHandler", async (request, reply) => {
      const member = await memberOf(request, options);
      if (member) {
        request.staffMember = member;
        return;
      }
      // A page or a form goes to the login page; the passkey script's JSON gets the API's 401.
      if (request.method === "GET" || isFormPost(request))
        return reply.redirect(staffPages.login, 303);
      return sendError(reply, {
        status: 401,
        code: "not_authenticated",
        detail: staffWords.refused.loginAgain,
      });
    });
  };

/** The notices a form's 303 names in `?done=`, so a reload shows the page, not the post again. */
const notices = {
  invited: { text: staffWords.members.invited },
  removed: { text: staffWords.members.removedMember },
  "passkey-added": { text: staffWords.passkeys.added },
  "passkey-removed": { text: staffWords.passkeys.removed },
  "last-passkey": { text: staffWords.passkeys.lastOne, refused: true },
} satisfies Record<string, Notice>;

const noticeOf = (request: FastifyRequest): Notice | undefined => {
  const done = (request.query as { done?: string }).done;
  return done && Object.hasOwn(notices, done) ? notices[done as keyof typeof notices] : undefined;
};

/**
 * The staff area behind its login: the member's passkeys, log out, and for admins the members.
 * Every page is the built frame with this request's content (staff/staff-frame.ts).
 */
export const staffAreaRoutes: FastifyPluginAsync<StaffAreaOptions> = async (app, options) => {
  const { site, members, sessions, ceremonies, cookies, rateLimits, dashboard } = options;
  const frame = staffFrameOf(requiredPage(site, staffFramePath));
  const send = sendStaffPage(frame);
  acceptFormPosts(app);

  app.post(staffPages.logout, async (request, reply) => {
    const token = cookies.session.read(request);
    if (token) await sessions.end(token);
    cookies.session.clear(reply);
    return reply.redirect(staffPages.login, 303);
  });

  app.get(staffPages.home, async (request, reply) => {
    const { role } = staffMemberOf(request);
    const filter = dashboardFilterFrom(request.query);
    const tables = await dashboard.tables(role, filter);
    const html = `<h1>${escapeHtml(staffWords.frame.nav.dashboard)}</h1>${dashboardHtml(tables, { role, filter })}`;
    return send(request, reply, { title: staffWords.frame.nav.dashboard, html });
  });

  /**
   * Each table as a CSV file (tables.ts: RFC 4180, no cell a spreadsheet runs as a formula),
   * with a byte order mark: Excel, which most of the staff open it in, reads a file without one
   * as Windows-1252, and "Adébáyọ̀" comes out as "AdÃ©bÃ¡yá»Ì€".
   */
  app.get<{ Params: { file: string } }>(`${staffTablesPath}/:file`, async (request, reply) => {
    const name = /^([a-z-]{1,40})\.csv$/.exec(request.params.file)?.[1];
    const { role } = staffMemberOf(request);
    const table = name && (await dashboard.table(name, role, dashboardFilterFrom(request.query)));
    if (!table) return sendFile(request, reply, site.notFound, { status: 404 });
    return reply
      .type("text/csv; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${table.name}.csv"`)
      .send(`\uFEFF${tableCsv(table)}`);
  });

  app.get(staffPages.passkeys, async (request, reply) => {
    const member = staffMemberOf(request);
    const html = passkeysHtml(await members.passkeysOf(member.id), noticeOf(request));
    return send(request, reply, { title: staffWords.passkeys.title, html, addPasskey: true });
  });

  app.post<{ Body: { id?: string } }>(`${staffPages.passkeys}/remove`, async (request, reply) => {
    const removed = await members.removePasskey(
      staffMemberOf(request).id,
      String(request.body?.id ?? ""),
    );
    return reply.redirect(
      `${staffPages.passkeys}?done=${removed ? "passkey-removed" : "last-passkey"}`,
      303,
    );
  });

  const challenges = passkeyChallenges(options);
  const limited = { config: { rateLimit: rateLimits.loginPerIp } };

  app.post(staffCeremonies.addOptions, limited, (request, reply) =>
    challenges.registration(reply, staffMemberOf(request), "add"),
  );

  app.post<{ Body: { response?: RegistrationResponseJSON } }>(
    staffCeremonies.add,
    limited,
    async (request, reply) => {
      const member = staffMemberOf(request);
      const challenge = await challenges.take(request, reply, "add");
      const response = request.body?.response;
      if (!challenge || challenge.member !== member.id || typeof response !== "object")
        return reply.code(401).send({ next: staffPages.passkeys });
      const made = await ceremonies.verifyRegistration(response, challenge.challenge);
      if ("refused" in made) return reply.code(401).send({ next: staffPages.passkeys });
      await members.addPasskey(member.id, made.ok, request.headers["user-agent"]);
      return { next: `${staffPages.passkeys}?done=passkey-added` };
    },
  );

  registerMemberRoutes(app, options, send);
  registerStudentRoutes(app, options, send);
};

type SendStaffPage = ReturnType<typeof sendStaffPage>;

const sendStaffPage =
  (frame: StaffFrame) =>
  (request: FastifyRequest, reply: FastifyReply, page: StaffPage, status = 200) =>
    sendFile(request, reply, frame(staffMemberOf(request), page), {
      status,
      cacheControl: "no-store",
    });

/** An admin's route: staff get the frame saying so, with a 403. */
export const adminsOnly =
  (send: SendStaffPage) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (staffMemberOf(request).role === "admin") return;
    const html = `<p class="staff-notice" role="alert">${escapeHtml(staffWords.refused.adminsOnly)}</p>`;
    return send(request, reply, { title: staffWords.refused.adminsOnly, html }, 403);
  };

function registerMemberRoutes(
  app: FastifyInstance,
  { members }: StaffAreaOptions,
  send: SendStaffPage,
) {
  const admin = { preHandler: adminsOnly(send) };
  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { notice, typed, status = 200 }: { notice?: Notice; typed?: Invitation; status?: number } = {},
  ) => {
    const me = staffMemberOf(request);
    const html = membersHtml(await members.list(), me, notice ?? noticeOf(request), typed);
    return send(request, reply, { title: staffWords.members.title, html }, status);
  };

  app.get(staffPages.members, admin, (request, reply) => page(request, reply));

  app.post<{ Body: { email?: string; role?: string } }>(
    staffPages.members,
    admin,
    async (request, reply) => {
      const email = String(request.body?.email ?? "").trim();
      const role = staffRoles.find((one) => one === request.body?.role) ?? "staff";
      if (emailProblem(email) !== null)
        return page(request, reply, {
          notice: { text: staffWords.members.badAddress, refused: true },
          typed: { email, role },
          status: 400,
        });
      await members.invite(email, role, staffMemberOf(request).id);
      return reply.redirect(`${staffPages.members}?done=invited`, 303);
    },
  );

  app.post<{ Body: { member?: string } }>(
    `${staffPages.members}/remove`,
    admin,
    async (request, reply) => {
      const id = String(request.body?.member ?? "");
      if (id === staffMemberOf(request).id)
        return page(request, reply, {
          notice: { text: staffWords.members.notYourself, refused: true },
          status: 400,
        });
      if (!/^[0-9a-f-]{36}$/i.test(id)) return page(request, reply, { status: 400 });
      await members.remove(id);
      return reply.redirect(`${staffPages.members}?done=removed`, 303);
    },
  );
}

/** How many looks /staff/audit lists at a time; a link leads to those before. */
const auditPage = 100;

/**
 * An admin's look at one student, with its reason on record (staff/student-lookup.ts), and the
 * record of every look. The look answers its post with the account's state, never a redirect:
 * the state is on this page alone, and a reload asks again (and records again) only if the
 * admin confirms the browser's resend.
 */
function registerStudentRoutes(
  app: FastifyInstance,
  { lookup, audit }: StaffAreaOptions,
  send: SendStaffPage,
) {
  const admin = { preHandler: adminsOnly(send) };
  const title = staffStudentsWords.lookUp.title;
  const form = (request: FastifyRequest, reply: FastifyReply, state: LookUpForm, status = 200) =>
    send(request, reply, { title, html: studentLookupFormHtml(state) }, status);

  app.get(staffPages.students, admin, (request, reply) => form(request, reply, {}));

  app.post<{ Body: { email?: string; reason?: string } }>(
    staffPages.students,
    admin,
    async (request, reply) => {
      const email = String(request.body?.email ?? "");
      const reason = String(request.body?.reason ?? "");
      const outcome = await lookup.lookUp({ memberId: staffMemberOf(request).id, email, reason });
      if ("error" in outcome)
        return form(request, reply, { email, reason, error: outcome.error }, 400);
      if ("notFound" in outcome)
        return form(request, reply, { email, reason, notFound: true }, 404);
      if ("notAllowed" in outcome) return adminsOnly(send)(request, reply);
      const html = studentLookupFormHtml({}) + studentLookupHtml(outcome);
      return send(request, reply, { title, html });
    },
  );

  app.get<{ Querystring: { before?: string } }>(staffPages.audit, admin, async (request, reply) => {
    const before = request.query.before ? new Date(request.query.before) : undefined;
    const valid = before && !Number.isNaN(before.getTime()) ? before : undefined;
    const rows = await audit.list({ limit: auditPage + 1, before: valid });
    const html = auditHtml(rows.slice(0, auditPage), { hasOlder: rows.length > auditPage });
    return send(request, reply, { title: staffStudentsWords.audit.title, html });
  });
}
