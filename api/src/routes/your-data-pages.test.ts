import { dataRightsWords } from "@ysp/content/data-rights";
import {
  accountPages,
  answerPages,
  dataRightsMessages,
  dataRightsPages,
  nameMessages,
  yourDataApi,
  yourDataSlots,
} from "@ysp/contract";
import { makeStudent, type Student } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  appWithMailOn,
  builtSite,
  databasesForFile,
  formHeaders,
  hasBuild,
  openConfirmationLink,
  post,
  signUp,
  testCookies,
} from "../../test/harness.ts";
import { queryRows } from "../db/client.ts";
import { escapeHtml } from "../pages/escape-html.ts";

/**
 * The pages about one's own data as the server writes them for the browser whose data session
 * it is: whose account ("Manage your data"), the data itself ("View my data"), and the parent's
 * request on /email-confirmed; any other browser gets them as built. They are the real build's
 * pages, so these tests run where there is one (npm test builds first).
 */
const databases = databasesForFile();
const built = hasBuild();

const states = dataRightsWords.states;

/** The element with this id as the page has it, and whether it is hidden. */
function element(html: string, id: string) {
  const match = new RegExp(`<([a-z0-9]+) id="${id}"([^>]*)>([^<]*)`).exec(html);
  expect(match, `an element #${id}`).not.toBeNull();
  return { hidden: (match?.[2] ?? "").includes(' hidden=""'), text: match?.[3] ?? "" };
}
const inputValue = (html: string, name: string) =>
  new RegExp(`<input [^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

describe.runIf(built).each(databases)("the pages of one's own data on $name", (testDb) => {
  const suite = appWithMailOn(testDb, { site: builtSite });

  /** A new student whose address is confirmed by its link's page: the data cookie it sets. */
  async function confirmedStudent(student: Student = makeStudent()) {
    await signUp(suite.app, student);
    return { student, cookie: await openConfirmationLink(suite.app, suite.smtp, student.email) };
  }

  const get = (url: string, headers: Record<string, string> = {}) =>
    suite.app.inject({ url, headers });

  it("names the account on Manage your data, with its states, and fills the name's fields", async () => {
    const { student, cookie } = await confirmedStudent(
      makeStudent({ first_name: "Amaka", last_name: "Obi" }),
    );
    const page = await get(dataRightsPages.manageYourData, { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    const html = page.body;
    expect(element(html, yourDataSlots.noSession).hidden).toBe(true);
    expect(element(html, yourDataSlots.session).hidden).toBe(false);
    expect(element(html, yourDataSlots.name).text).toBe("Amaka Obi");
    expect(element(html, yourDataSlots.email).text).toBe(student.email);
    expect(element(html, yourDataSlots.guardian).text).toBe(states.guardian.none);
    expect(element(html, yourDataSlots.newsletter).text).toBe(states.newsletter.none);
    expect(inputValue(html, "first_name")).toBe("Amaka");
    expect(inputValue(html, "last_name")).toBe("Obi");

    // A parent asked and the newsletter asked for: the page says so.
    const asked = await post(
      suite.app,
      `${yourDataApi}/guardian-request/`,
      { guardian_email: `mum.${student.email}` },
      { cookie },
    );
    expect(asked.statusCode, asked.body).toBe(202);
    expect(
      (await post(suite.app, "/api/v1/newsletter/", { email: student.email, source: "/" }))
        .statusCode,
    ).toBe(201);
    const later = (await get(dataRightsPages.manageYourData, { cookie })).body;
    expect(element(later, yourDataSlots.guardian).text).toBe(states.guardian.pending);
    expect(element(later, yourDataSlots.newsletter).text).toBe(states.newsletter.unconfirmed);
  });

  it("shows Google sign-in's state, and offers to turn it off only to an account with a password", async () => {
    const { student, cookie } = await confirmedStudent();
    const page = async () => (await get(dataRightsPages.manageYourData, { cookie })).body;
    const before = await page();
    expect(element(before, yourDataSlots.google).text).toBe(states.google.off);
    expect(element(before, yourDataSlots.googleSection).hidden).toBe(true);

    const [account] = await queryRows<{ id: string }>(
      suite.database.db,
      sql`select id from users where email = ${student.email}`,
    );
    await queryRows(
      suite.database.db,
      sql`insert into federated_identities (user_id, issuer, subject, email)
          values (${account?.id}, 'https://accounts.google.com', ${`sub-${student.email}`}, ${student.email})`,
    );
    const linked = await page();
    expect(element(linked, yourDataSlots.google).text).toBe(states.google.on);
    expect(element(linked, yourDataSlots.googleSection).hidden).toBe(false);
    expect(element(linked, yourDataSlots.removeGoogle).hidden).toBe(false);
    expect(element(linked, yourDataSlots.googleNeedsPassword).hidden).toBe(true);

    // Made with Google, the account has no password: no form, and why.
    await queryRows(
      suite.database.db,
      sql`update users set password_hash = null where id = ${account?.id}`,
    );
    const googleOnly = await page();
    expect(element(googleOnly, yourDataSlots.removeGoogle).hidden).toBe(true);
    expect(element(googleOnly, yourDataSlots.googleNeedsPassword).hidden).toBe(false);

    // The form, posted anyway, is refused and changes nothing.
    const posted = await suite.app.inject({
      method: "POST",
      url: `${dataRightsPages.manageYourData}?form=remove-google`,
      headers: { ...formHeaders, cookie },
      payload: "",
    });
    expect(posted.statusCode).toBe(409);
    expect(posted.body).toContain(escapeHtml(dataRightsMessages.googleNeedsPassword));
    expect(element(await page(), yourDataSlots.google).text).toBe(states.google.on);
  });

  it("gives every other browser the page as built, saying no account is open", async () => {
    const { cookie } = await confirmedStudent();
    const asBuilt = (await builtSite()).pages.get(dataRightsPages.manageYourData);
    for (const headers of [
      {} as Record<string, string>,
      { cookie: `${testCookies.data.name}=forged` },
      { cookie: `${cookie}x` },
      // Another site's request carries no cookie (SameSite=Strict); one that says so is refused.
      { cookie, "sec-fetch-site": "cross-site" },
    ]) {
      const page = await get(dataRightsPages.manageYourData, headers);
      expect(page.statusCode).toBe(200);
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.body).toBe(asBuilt?.identity.body.toString("utf8"));
      expect(element(page.body, yourDataSlots.noSession).hidden).toBe(false);
      expect(element(page.body, yourDataSlots.session).hidden).toBe(true);
    }
  });

  it("writes a hostile name as text, once, however it is spelt", async () => {
    const { student, cookie } = await confirmedStudent();
    // Past the name rules, as a row written before them might be: markup and replacement patterns.
    const hostile = `<img src=x onerror=alert(1)>$&$\`$'"`;
    await suite.database.db.execute(
      sql`update users set first_name = ${hostile} where lower(email) = ${student.email.toLowerCase()}`,
    );
    const html = (await get(dataRightsPages.manageYourData, { cookie })).body;
    expect(html).not.toContain("<img src=x");
    expect(element(html, yourDataSlots.name).text).toContain(
      "&lt;img src=x onerror=alert(1)&gt;$&amp;$`$&#39;&quot;",
    );
    expect(inputValue(html, "first_name")).toBe(
      "&lt;img src=x onerror=alert(1)&gt;$&amp;$`$&#39;&quot;",
    );
    const asBuilt = (await builtSite()).pages.get(dataRightsPages.manageYourData);
    expect(html.length).toBeLessThan((asBuilt?.identity.body.length ?? 0) + 500);
  });

  it("shows the data itself on View my data, and records that it was seen", async () => {
    const { student, cookie } = await confirmedStudent(
      makeStudent({ first_name: "Femi", last_name: "Ade" }),
    );
    const page = await get(dataRightsPages.viewYourData, { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(element(page.body, yourDataSlots.noSession).hidden).toBe(true);
    const view = dataRightsWords.view;
    for (const section of Object.values(view.sections))
      expect(page.body).toContain(`<h2>${section.title.replaceAll("'", "&#39;")}</h2>`);
    expect(page.body).toContain(
      `<dt>${view.sections.account.fields.email}</dt><dd>${student.email}</dd>`,
    );
    expect(page.body).toContain(`<dd>Femi</dd>`);
    expect(page.body).toContain(`<dd>${view.values["verify-email"]}</dd>`);
    expect(page.body).toContain(`<dd>${view.values.terms_accepted}</dd>`);
    const recorded = await queryRows<{ kind: string }>(
      suite.database.db,
      sql`select kind from data_requests where kind = 'download'`,
    );
    expect(recorded.length).toBeGreaterThan(0);

    const bare = await get(dataRightsPages.viewYourData);
    expect(element(bare.body, yourDataSlots.noSession).hidden).toBe(false);
    expect(element(bare.body, yourDataSlots.data).text).toBe("");
  });

  it("answers a parent's request with a way back, and the address it went to for the student alone", async () => {
    const { student, cookie } = await confirmedStudent();
    for (const [page, answer, parent] of [
      [accountPages.emailConfirmed, answerPages.guardianAskedOnConfirm, "Mum.Okafor@gmial.com"],
      [dataRightsPages.manageYourData, answerPages.guardianAsked, `dad.${student.email}`],
    ] as const) {
      const asked = await suite.app.inject({
        method: "POST",
        url: `${page}?form=parent-request`,
        headers: { ...formHeaders, cookie },
        payload: new URLSearchParams({ guardian_email: parent }).toString(),
      });
      expect(asked.statusCode, asked.body).toBe(303);
      expect(asked.headers.location).toBe(answer);
      // The page it leads to says where the request went, as kept: trimmed and lower-case.
      const own = await get(answer, { cookie });
      expect(own.headers["cache-control"]).toBe("no-store");
      const address = parent.toLowerCase();
      expect(element(own.body, yourDataSlots.guardianAddress).hidden).toBe(false);
      const [before = "", after = ""] = dataRightsMessages
        .guardianRequestSentTo(address)
        .split(address);
      expect(own.body).toContain(
        `${escapeHtml(before)}<strong>${escapeHtml(address)}</strong>${escapeHtml(after)}</p>`,
      );
      // Any other browser: the page as built, the line empty and hidden.
      for (const headers of [{}, { cookie: "ysp_data=forged" }] as Record<string, string>[]) {
        const other = await get(answer, headers);
        expect(other.body).not.toContain(parent.toLowerCase());
        expect(element(other.body, yourDataSlots.guardianAddress)).toEqual({
          hidden: true,
          text: "",
        });
      }
    }
    // The app is told the same, in its one message.
    const json = await post(
      suite.app,
      `${yourDataApi}/guardian-request/`,
      { guardian_email: ` Aunty.${student.email.toUpperCase()} ` },
      { cookie },
    );
    expect(json.statusCode, json.body).toBe(202);
    expect(json.json().message).toBe(
      dataRightsMessages.guardianAsked(`aunty.${student.email.toLowerCase()}`),
    );
  });

  it("offers the parent's request on /email-confirmed only to the browser that confirmed", async () => {
    const { cookie } = await confirmedStudent();
    const own = (await get(accountPages.emailConfirmed, { cookie })).body;
    expect(element(own, yourDataSlots.session).hidden).toBe(false);
    expect(element(own, yourDataSlots.noSession).hidden).toBe(true);
    const other = await get(accountPages.emailConfirmed);
    expect(other.headers["cache-control"]).toBe("no-store");
    expect(element(other.body, yourDataSlots.session).hidden).toBe(true);
    expect(element(other.body, yourDataSlots.noSession).hidden).toBe(false);
    expect(other.body).toContain(dataRightsWords.emailConfirmedGuardian.link);
  });

  it("writes a refused field back into the student's own page, where its form is shown", async () => {
    const { student, cookie } = await confirmedStudent();
    for (const [page, name, field, typed, message] of [
      [
        dataRightsPages.manageYourData,
        "name",
        "first_name",
        "Ada2",
        nameMessages.notAName("First name"),
      ],
      [
        accountPages.emailConfirmed,
        "parent-request",
        "guardian_email",
        student.email,
        dataRightsMessages.guardianEmailOwn,
      ],
    ] as const) {
      // Posted to the page it is on, as its form does (contract's form-actions.ts).
      const refused = await suite.app.inject({
        method: "POST",
        url: `${page}?form=${name}`,
        headers: { ...formHeaders, cookie },
        payload: new URLSearchParams({
          [field]: typed,
          ...(field === "first_name" ? { last_name: student.last_name } : {}),
        }).toString(),
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.headers["cache-control"]).toBe("no-store");
      // The part only a session sees is shown, with the refusal in it.
      expect(element(refused.body, yourDataSlots.session).hidden, page).toBe(false);
      expect(element(refused.body, yourDataSlots.noSession).hidden, page).toBe(true);
      const input = new RegExp(`<input [^>]*name="${field}"[^>]*>`).exec(refused.body)?.[0] ?? "";
      expect(input).toContain('aria-invalid="true"');
      expect(input).toContain(`value="${typed}"`);
      expect(refused.body).toContain(escapeHtml(message));
      expect(refused.body).toContain(`<li><a href="#${/ id="([^"]*)"/.exec(input)?.[1]}">`);
      // The form still posts to its page, where the refused page is: the next post is as the first.
      expect(refused.body).toContain(`action="?form=${name}"`);
    }
    const again = await suite.app.inject({
      method: "POST",
      url: `${accountPages.emailConfirmed}?form=parent-request`,
      headers: { ...formHeaders, cookie },
      payload: new URLSearchParams({ guardian_email: `mum.${student.email}` }).toString(),
    });
    expect(again.headers.location).toBe(answerPages.guardianAskedOnConfirm);
  });
});
