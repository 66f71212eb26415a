import { googleMailSubjects, googleWords } from "@ysp/content/google";
import {
  authMessages,
  dataRightsMessages,
  emailChangePages,
  googleSignIn,
  type LoginResponse,
  yourDataApi,
} from "@ysp/contract";
import { newGoogleAccount } from "@ysp/testing/openid-provider";
import { makeStudent, type Student, uniqueTag } from "@ysp/testing/students";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appWithGoogle, landingOf } from "../../test/google.ts";
import {
  bearer,
  databasesForFile,
  formHeaders,
  logIn,
  openConfirmationLink,
  openDataLink,
  post,
  signUp,
} from "../../test/harness.ts";
import { mailTo, tokenIn } from "../../test/mail.ts";
import { queryRows } from "../db/client.ts";
import { consentRecords, federatedIdentities, users } from "../db/schema.ts";

const linkSubject = googleMailSubjects.link;
const tookOverSubject = googleMailSubjects.tookOver;

/**
 * A Google account whose address already has a YSP account: never linked by the address alone.
 * A confirmed account's mailbox is asked, by a link; an account nobody confirmed is the
 * provider's proven mailbox's. Each of the five attacks of "Pre-hijacked accounts" (Sudhodanan
 * and Paverd, USENIX Security 2022) is tried as the attacker would.
 */
describe.each(databasesForFile())(
  "a Google account on an address with an account ($name)",
  (testDb) => {
    const { suite, signInAs, logInWithGoogle } = appWithGoogle(testDb, { mail: true });
    const { smtp } = suite;

    const gmailStudent = () => makeStudent({ email: `ada.${uniqueTag()}@gmail.com` });

    const accountOf = async (email: string) => {
      const [user] = await suite.database.db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
      if (!user) throw new Error(`no account for ${email}`);
      return user;
    };
    const identitiesOf = async (userId: string) =>
      (
        await suite.database.db
          .select({ subject: federatedIdentities.subject })
          .from(federatedIdentities)
          .where(eq(federatedIdentities.userId, userId))
      ).map((row) => row.subject);

    const statusOf = async (request: Promise<{ statusCode: number }>) => (await request).statusCode;
    const logsIn = (student: Student) => statusOf(post(suite.app, "/api/v1/auth/login/", student));
    const refreshes = (tokens: LoginResponse) =>
      statusOf(post(suite.app, "/api/v1/auth/refresh/", { refresh: tokens.refresh }));
    const reads = (tokens: LoginResponse) =>
      statusOf(suite.app.inject({ url: "/api/v1/auth/me/", headers: bearer(tokens.access) }));

    /** A tap on the page the link opens, as its form posts it. */
    const tap = async (token: string) =>
      landingOf(
        await suite.app.inject({
          method: "POST",
          url: `${googleSignIn.linkPage}?token=${token}`,
          headers: formHeaders,
          payload: "",
        }),
      );

    /** A student who signed up with a password and confirmed the address, logged in on a phone. */
    async function confirmedStudent() {
      const student = await signUp(suite.app, gmailStudent());
      await openConfirmationLink(suite.app, smtp, student.email);
      return { student, phone: await logIn(suite.app, student) };
    }

    it("mails a confirmed account a link instead of linking; its tap links, once, and ends nothing else", async () => {
      const { student, phone } = await confirmedStudent();
      const identity = newGoogleAccount({ email: student.email });
      expect(await signInAs(identity)).toMatchObject({
        status: 200,
        heading: googleWords.answers.linkSent.title,
      });
      const account = await accountOf(student.email);
      expect(await identitiesOf(account.id)).toEqual([]);

      const mail = await mailTo(smtp, student.email, linkSubject);
      expect(mail.text).toContain(`Hi ${student.first_name},`);
      expect(mail.text).toContain(`for ${googleSignIn.linkLifetime.words}`);
      const token = tokenIn(mail, googleSignIn.linkPage);
      // The page the link opens, with its button, is link-pages.test.ts's; its tap posts.

      expect(await tap(token)).toMatchObject({
        status: 200,
        heading: googleWords.answers.linked.title,
      });
      expect(await identitiesOf(account.id)).toEqual([identity.sub]);
      expect(await signInAs(identity)).toMatchObject({ heading: googleWords.answers.known.title });
      const app = await logInWithGoogle(identity);
      expect(app.statusCode).toBe(200);
      expect(app.json().user.id).toBe(account.id);
      // The sessions list tells the two logins apart: "via Google", and with the password.
      const listed = await suite.app.inject({
        url: "/api/v1/auth/sessions/",
        headers: bearer(app.json().access),
      });
      expect(
        listed.json().sessions.map((s: { current: boolean; via: string }) => [s.current, s.via]),
      ).toEqual([
        [true, "google"],
        [false, "password"],
      ]);
      // Nothing else ended: the phone's session and the password still work.
      expect(await refreshes(phone)).toBe(200);
      expect(await logsIn(student)).toBe(200);
      expect((await accountOf(student.email)).passwordHash).toBe(account.passwordHash);

      expect(await tap(token)).toMatchObject({ status: 400 });
      expect(await tap("not-a-token")).toMatchObject({ status: 400 });
    });

    it("turns Google sign-in off from a data session while a password remains, never otherwise", async () => {
      const { student } = await confirmedStudent();
      const identity = newGoogleAccount({ email: student.email });
      await signInAs(identity);
      await tap(tokenIn(await mailTo(smtp, student.email, linkSubject), googleSignIn.linkPage));
      const account = await accountOf(student.email);
      const remove = (access: string) =>
        post(suite.app, `${yourDataApi}/google/remove/`, {}, bearer(access));

      const { access } = await openDataLink(suite.app, smtp, student.email);
      const removed = await remove(access);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ message: dataRightsMessages.googleRemoved });
      expect(await identitiesOf(account.id)).toEqual([]);
      // Off is off: the same Google account is a stranger again, asked for by mail.
      expect(await signInAs(identity)).toMatchObject({
        heading: googleWords.answers.linkSent.title,
      });

      // An account made with Google has no password: its only way in stays.
      const googleOnly = newGoogleAccount();
      await signInAs(googleOnly);
      const made = await accountOf(googleOnly.email);
      const data = await openDataLink(suite.app, smtp, googleOnly.email);
      const refused = await remove(data.access);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors).toEqual([
        { code: "password_required", detail: dataRightsMessages.googleNeedsPassword, attr: null },
      ]);
      expect(await identitiesOf(made.id)).toEqual([googleOnly.sub]);
      // A student's own app token is not a data session.
      expect((await remove((await logIn(suite.app, student)).access)).statusCode).toBe(401);
    });

    it("keeps the identity through a change of the account's address: found by subject after", async () => {
      const identity = newGoogleAccount();
      const made = await logInWithGoogle(identity, { accept_terms: true });
      const account = made.json();
      expect(
        (await post(suite.app, "/api/v1/auth/password-reset/", { email: identity.email }))
          .statusCode,
      ).toBe(202);
      const reset = tokenIn(
        await mailTo(smtp, identity.email, "Reset your password"),
        "/reset-password",
      );
      const password = "a new long password";
      await post(suite.app, "/api/v1/auth/password-reset/confirm/", { token: reset, password });
      const phone = await logIn(suite.app, { email: identity.email, password });
      const moved = `moved.${uniqueTag()}@example.org`;
      await post(
        suite.app,
        "/api/v1/auth/email-change/",
        { password, new_email: moved },
        bearer(phone.access),
      );
      const confirm = tokenIn(
        await mailTo(smtp, moved, "Confirm your new email"),
        emailChangePages.confirm,
      );
      const changed = await post(suite.app, "/api/v1/auth/email-change/confirm/", {
        token: confirm,
      });
      expect(changed.statusCode).toBe(200);

      // Google still says the old address: the account is found by subject, at its new address.
      const again = await logInWithGoogle(identity);
      expect(again.statusCode).toBe(200);
      expect(again.json().user).toMatchObject({ id: account.user.id, email: moved });
      expect(await signInAs(identity)).toMatchObject({ heading: googleWords.answers.known.title });
      expect(await identitiesOf(account.user.id)).toEqual([identity.sub]);
    });

    it("answers the app's sign-in on a confirmed account with google_link_sent, and the same link", async () => {
      const { student } = await confirmedStudent();
      const identity = newGoogleAccount({ email: student.email });
      const reply = await logInWithGoogle(identity, { accept_terms: true });
      expect(reply.statusCode).toBe(409);
      expect(reply.json().errors).toEqual([
        { code: "google_link_sent", detail: authMessages.googleLinkSent, attr: null },
      ]);
      const account = await accountOf(student.email);
      expect(await identitiesOf(account.id)).toEqual([]);
      const token = tokenIn(await mailTo(smtp, student.email, linkSubject), googleSignIn.linkPage);
      expect(await tap(token)).toMatchObject({ heading: googleWords.answers.linked.title });
      expect((await logInWithGoogle(identity)).json().user.id).toBe(account.id);
    });

    it("classic-federated merge and unexpired session: the pre-registered password and phone are shut out", async () => {
      // The attacker signs up with the victim's address and a password of theirs, and stays
      // logged in; the victim later chooses Continue with Google.
      const attacker = await signUp(suite.app, gmailStudent());
      const attackerPhone = await logIn(suite.app, attacker);
      const victim = newGoogleAccount({ email: attacker.email });
      expect(await signInAs(victim)).toMatchObject({
        status: 201,
        heading: googleWords.answers.takenOver.title,
      });

      expect(await logsIn(attacker)).toBe(401);
      expect(await refreshes(attackerPhone)).toBe(401);
      expect(await reads(attackerPhone)).toBe(401);
      const account = await accountOf(attacker.email);
      expect(account).toMatchObject({
        passwordHash: null,
        firstName: victim.given_name,
        lastName: victim.family_name,
      });
      expect(account.emailVerifiedAt).toBeInstanceOf(Date);
      expect(await identitiesOf(account.id)).toEqual([victim.sub]);
      // The victim's own agreement is on record beside the attacker's.
      const consents = await suite.database.db
        .select()
        .from(consentRecords)
        .where(eq(consentRecords.userId, account.id));
      expect(consents).toHaveLength(2);
      const notice = await mailTo(smtp, attacker.email, tookOverSubject);
      expect(notice.text).toContain(`Hi ${victim.given_name},`);
    });

    it("trojan identifier: no identity but the mailbox's own reaches a pre-registered account", async () => {
      const attacker = await signUp(suite.app, gmailStudent());
      const account = await accountOf(attacker.email);
      // The attacker's own Google account, and another provider account claiming the victim's
      // address without proof: neither is linked to the pre-registered account.
      const own = newGoogleAccount();
      expect(await signInAs(own)).toMatchObject({ heading: googleWords.answers.created.title });
      const claimed = newGoogleAccount({ email: attacker.email, email_verified: false });
      expect(await signInAs(claimed)).toMatchObject({
        heading: googleWords.answers.addressNotProven.title,
      });
      expect((await logInWithGoogle(claimed, { accept_terms: true })).statusCode).toBe(422);
      expect(await identitiesOf(account.id)).toEqual([]);

      const victim = newGoogleAccount({ email: attacker.email });
      await signInAs(victim);
      expect(await identitiesOf(account.id)).toEqual([victim.sub]);
      const ownAccount = await logInWithGoogle(own);
      expect(ownAccount.json().user.id).not.toBe(account.id);
    });

    it("unexpired email change: a change the pre-registration asked for never completes", async () => {
      const attacker = await signUp(suite.app, gmailStudent());
      const attackerPhone = await logIn(suite.app, attacker);
      const elsewhere = `kept.${uniqueTag()}@example.org`;
      const asked = await post(
        suite.app,
        "/api/v1/auth/email-change/",
        { password: attacker.password, new_email: elsewhere },
        bearer(attackerPhone.access),
      );
      expect(asked.statusCode).toBe(202);
      const change = tokenIn(
        await mailTo(smtp, elsewhere, "Confirm your new email"),
        emailChangePages.confirm,
      );

      // The victim signs in through the app this time: the account logs in to Google's person.
      const victim = newGoogleAccount({ email: attacker.email });
      const login = await logInWithGoogle(victim, { accept_terms: true });
      expect(login.statusCode).toBe(200);
      expect(login.json().user.email).toBe(attacker.email);

      const confirmed = await post(suite.app, "/api/v1/auth/email-change/confirm/", {
        token: change,
      });
      expect(confirmed.statusCode).toBe(400);
      expect(confirmed.json().errors[0].code).toBe("link_replaced");
      expect((await accountOf(attacker.email)).id).toBe(login.json().user.id);
      expect(await reads(attackerPhone)).toBe(401);
    });

    it("non-verifying provider: an address Google does not vouch for makes and takes nothing", async () => {
      const attacker = await signUp(suite.app, gmailStudent());
      for (const claims of [
        { email: attacker.email, email_verified: false },
        // Google is not authoritative for another provider's addresses, verified or not.
        { email: `ada.${uniqueTag()}@yahoo.com` },
      ]) {
        const identity = newGoogleAccount(claims);
        expect(await signInAs(identity)).toMatchObject({
          heading: googleWords.answers.addressNotProven.title,
        });
        const [count] = await queryRows<{ n: number }>(
          suite.database.db,
          sql`select count(*)::int as n from ${federatedIdentities} where subject = ${identity.sub}`,
        );
        expect(count?.n).toBe(0);
      }
      expect(await logsIn(attacker)).toBe(200);
    });
  },
);
