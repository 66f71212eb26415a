import { accountPages, formAction, type SignupSource, sourceFields } from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import {
  appOnDatabase,
  databasesForFile,
  formHeaders,
  post,
  signUpAndLogIn,
} from "../../test/harness.ts";
import { testPublicUrl } from "../../test/mail.ts";
import { userAgents } from "../../test/user-agents.ts";
import type { Database } from "../db/client.ts";
import { queryRows } from "../db/client.ts";

const databases = databasesForFile();

const open = (app: FastifyInstance, url: string, referer?: string) =>
  app.inject({
    method: "GET",
    url,
    headers: {
      "accept-encoding": "identity",
      "user-agent": userAgents.infinixChrome,
      ...(referer ? { referer } : {}),
    },
  });

/** The values the page's hidden fields carry, by name; none for a field left empty. */
function hiddenSource(html: string): SignupSource {
  const source: SignupSource = {};
  for (const name of sourceFields) {
    const input = html.match(new RegExp(`<input [^>]*name="${name}"[^>]*>`))?.[0];
    if (input === undefined) throw new Error(`no hidden field ${name}`);
    const value = input.match(/ value="([^"]*)"/)?.[1];
    if (value !== undefined) source[name] = value;
  }
  return source;
}

async function storedSource(database: Database, email: string) {
  const [row] = await queryRows<Record<string, string | null>>(
    database.db,
    sql`select utm_source, utm_medium, utm_campaign, referrer_domain from users
        where email = ${email.toLowerCase()}`,
  );
  return row;
}

describe.each(databases)("where a sign-up came from, on $name", (testDb) => {
  const suite = appOnDatabase(testDb);

  it("is written into /join's hidden fields from its address and its Referer", async () => {
    const response = await open(
      suite.app,
      `${accountPages.join}?utm_source=WhatsApp&utm_medium=social&utm_campaign=waec&utm_term=x`,
      "https://www.google.com/",
    );
    expect(response.statusCode).toBe(200);
    expect(hiddenSource(response.body)).toEqual({
      utm_source: "whatsapp",
      utm_medium: "social",
      utm_campaign: "waec",
      referrer: "google.com",
    });
    // The page differs by Referer: a cache must not give one student's page to another.
    expect(response.headers.vary).toContain("Referer");
    // Nothing is counted or remembered in the browser.
    expect(response.headers["set-cookie"]).toBeUndefined();
  });

  it("is written into an invite link's page too, with its code", async () => {
    const referrer = (await signUpAndLogIn(suite.app)).json();
    const code: string = referrer.user.referral_code;
    const response = await open(
      suite.app,
      `${accountPages.join}/${code}?utm_source=whatsapp&utm_campaign=waec`,
    );
    expect(hiddenSource(response.body)).toEqual({ utm_source: "whatsapp", utm_campaign: "waec" });
    expect(response.body).toContain(`value="${code}"`);
  });

  it("writes nothing for our own site, no Referer, or values the rule refuses", async () => {
    const plain = await open(suite.app, accountPages.join, `${testPublicUrl}/faqs`);
    expect(hiddenSource(plain.body)).toEqual({});
    const hostile = await open(
      suite.app,
      `${accountPages.join}?utm_source=${encodeURIComponent('"><script>alert(1)</script>')}&utm_campaign=${"a".repeat(65)}`,
      "javascript:alert(1)",
    );
    expect(hiddenSource(hostile.body)).toEqual({});
    expect(hostile.body).not.toContain("<script>alert(1)");
  });

  it("is kept with the account a page's form makes with no script", async () => {
    const student = makeStudent();
    const posted = await suite.app.inject({
      method: "POST",
      url: `${accountPages.join}${formAction("sign-up")}`,
      headers: formHeaders,
      payload: new URLSearchParams({
        ...student,
        utm_source: "whatsapp",
        utm_medium: "",
        utm_campaign: "waec",
        referrer: "google.com",
      }).toString(),
    });
    expect(posted.statusCode, posted.body).toBe(303);
    expect(await storedSource(suite.database, student.email)).toEqual({
      utm_source: "whatsapp",
      utm_medium: null,
      utm_campaign: "waec",
      referrer_domain: "google.com",
    });
  });

  it("comes back in the hidden fields when a sign-up with no script is refused", async () => {
    const student = makeStudent();
    await post(suite.app, "/api/v1/auth/signup/", student);
    const again = await suite.app.inject({
      method: "POST",
      url: `${accountPages.join}${formAction("sign-up")}`,
      headers: formHeaders,
      payload: new URLSearchParams({
        ...student,
        // Another password: the same one again would be a second press of the first sign-up.
        password: "another-password-2026",
        utm_source: "whatsapp",
        utm_medium: "",
        utm_campaign: "WAEC",
        referrer: "google.com",
      }).toString(),
    });
    // The address is taken: the page again, what was typed and where it came from kept, for
    // the sign-up with another address.
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(`value="${student.email}"`);
    expect(hiddenSource(again.body)).toEqual({
      utm_source: "whatsapp",
      utm_campaign: "waec",
      referrer: "google.com",
    });
  });

  it("is kept from the API's body, in lower case, and absent for the app, which sends none", async () => {
    const fromPage = makeStudent({ utm_source: "TikTok", referrer: "tiktok.com" });
    expect((await post(suite.app, "/api/v1/auth/signup/", fromPage)).statusCode).toBe(201);
    expect(await storedSource(suite.database, fromPage.email)).toEqual({
      utm_source: "tiktok",
      utm_medium: null,
      utm_campaign: null,
      referrer_domain: "tiktok.com",
    });
    const fromApp = makeStudent();
    expect((await post(suite.app, "/api/v1/auth/signup/", fromApp)).statusCode).toBe(201);
    expect(await storedSource(suite.database, fromApp.email)).toEqual({
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      referrer_domain: null,
    });
  });

  it.each<[string, unknown]>([
    ["utm_source", "what sapp"],
    ["utm_campaign", "a".repeat(65)],
    ["referrer", "https://evil.example/"],
    ["utm_medium", 42],
  ])("refuses %s = %j, naming the field, and makes no account", async (field, value) => {
    const student = makeStudent();
    const response = await post(suite.app, "/api/v1/auth/signup/", { ...student, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ attr: field });
    expect(await storedSource(suite.database, student.email)).toBeUndefined();
  });
});
