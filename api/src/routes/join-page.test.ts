import { checkEmail } from "@ysp/content/join";
import { accountPages, joinSlots, signedUpAddressSlot } from "@ysp/contract";
import { maskEmail } from "@ysp/contract/email";
import { makeStudent } from "@ysp/testing/students";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appOnDatabase,
  builtSite,
  databasesForFile,
  formHeaders,
  hasBuild,
  makeApp,
  pgliteForFile,
  signUpAndLogIn,
  testCookies,
} from "../../test/harness.ts";

const databases = databasesForFile();

const open = (app: FastifyInstance, url: string) =>
  app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });

/** The invite field and its note, as the page the server sends has them. */
function inviteField(html: string) {
  const input = html.match(/<input [^>]*name="referral_code"[^>]*>/)?.[0] ?? "";
  const note = html.match(new RegExp(`<p id="${joinSlots.inviteUnknown}"[^>]*>`))?.[0] ?? "";
  return {
    value: input.match(/ value="([^"]*)"/)?.[1],
    invalid: input.includes('aria-invalid="true"'),
    describedBy: input.match(/ aria-describedby="([^"]*)"/)?.[1]?.split(" "),
    noteShown: note !== "" && !note.includes("hidden"),
    noteId: note.match(/ id="([^"]+)"/)?.[1],
  };
}

describe.each(databases)("the sign-up page for an invite link on $name", (testDb) => {
  const suite = appOnDatabase(testDb);

  it("has a student's code written in, and no note", async () => {
    const referrer = (await signUpAndLogIn(suite.app)).json();
    const code: string = referrer.user.referral_code;
    const response = await open(suite.app, `${accountPages.join}/${code}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(inviteField(response.body)).toMatchObject({
      value: code,
      invalid: false,
      noteShown: false,
    });
    // As the sign-up reads it: trimmed, in any case.
    const lower = await open(suite.app, `${accountPages.join}/${code.toLowerCase()}/`);
    expect(inviteField(lower.body)).toMatchObject({ value: code.toLowerCase(), noteShown: false });
  });

  it("shows the note under the field, tied to it, for a code no student has", async () => {
    const response = await open(suite.app, `${accountPages.join}/NOPE42`);
    expect(response.statusCode).toBe(200);
    const field = inviteField(response.body);
    expect(field).toMatchObject({ value: "NOPE42", invalid: true, noteShown: true });
    expect(field.describedBy).toContain(field.noteId);
    expect(response.body).toContain("No student has this invite code");
  });

  it.each([
    `"><script>alert(1)</script>$&$\`${"$'".repeat(20)}`,
    "https://evil.example",
    "Call 0800 000 0000",
    "K".repeat(33),
  ])("writes nothing that could not be a code, %s, and shows the note", async (hostile) => {
    const response = await open(suite.app, `${accountPages.join}/${encodeURIComponent(hostile)}`);
    expect(response.statusCode).toBe(200);
    expect(inviteField(response.body)).toMatchObject({ value: "", invalid: true, noteShown: true });
    expect(response.body).not.toContain("<script>alert(1)");
    expect(response.body).not.toContain("evil.example");
    expect(response.body).not.toContain("0800");
  });

  it("sends no other student's data and keeps the page's own headers", async () => {
    const other = makeStudent();
    const referrer = (await signUpAndLogIn(suite.app, other)).json();
    const response = await open(suite.app, `${accountPages.join}/${referrer.user.referral_code}`);
    expect(response.body).not.toContain(other.email);
    expect(response.body).not.toContain(other.first_name);
    expect(response.headers["content-security-policy"]).toBeTruthy();
    const compressed = await suite.app.inject({
      method: "GET",
      url: `${accountPages.join}/${referrer.user.referral_code}`,
      headers: { "accept-encoding": "br" },
    });
    expect(compressed.headers["content-encoding"]).toBe("br");
  });
});

describe.runIf(hasBuild())("the built sign-up page", () => {
  const testDb = pgliteForFile();

  it("has the invite field and note the server writes into, and the toasts' live region", {
    timeout: 60_000,
  }, async () => {
    const database = await testDb.open();
    const app = await makeApp(database, { site: builtSite });
    try {
      const field = inviteField((await open(app, `${accountPages.join}/NOPE42`)).body);
      expect(field).toMatchObject({ value: "NOPE42", invalid: true, noteShown: true });
      expect(field.describedBy).toContain(field.noteId);
      // Screen readers hear only what changes in a live region already on the page: the toasts'
      // is in the first HTML, empty, for the script to fill.
      expect((await open(app, accountPages.join)).body).toMatch(
        /<div[^>]*aria-live="polite"[^>]*id="announcements"[^>]*><\/div>/,
      );
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.runIf(hasBuild())("the page a sign-up without a script lands on", () => {
  const testDb = pgliteForFile();
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await testDb.open();
    app = await makeApp(database, { site: builtSite });
    close = async () => {
      await app.close();
      await database.close();
    };
  }, 60_000);
  afterAll(() => close());

  const addressOn = (html: string) =>
    new RegExp(`<span id="${signedUpAddressSlot}">([^<]*)</span>`).exec(html)?.[1];
  const signedUp = (cookie?: string) =>
    app.inject({
      method: "GET",
      url: accountPages.signedUp,
      headers: { "accept-encoding": "identity", ...(cookie ? { cookie } : {}) },
    });

  it("names the address, masked, to the browser that signed up, and to no other", async () => {
    const student = makeStudent();
    const posted = await app.inject({
      method: "POST",
      url: "/api/v1/auth/signup/",
      headers: formHeaders,
      payload: new URLSearchParams(student).toString(),
    });
    expect(posted.statusCode, posted.body).toBe(303);
    expect(posted.headers.location).toBe(accountPages.signedUp);
    const line = [posted.headers["set-cookie"] ?? []]
      .flat()
      .find((h) => h.startsWith(`${testCookies.signedUpAddress.name}=`));
    // For an hour; no script reads it, no other site sends it. PUBLIC_URL is https here: Path=/
    // and Secure, as its __Host- name demands (cookies.ts).
    expect(line).toMatch(/; Path=\/; Max-Age=3600; HttpOnly; SameSite=Strict; Secure$/);
    expect(line).not.toContain(student.email.split("@")[0]);
    const own = await signedUp((line ?? "").split(";")[0]);
    expect(own.headers["cache-control"]).toBe("no-store");
    expect(addressOn(own.body)).toBe(maskEmail(student.email));
    const other = await signedUp();
    expect(addressOn(other.body)).toBe(checkEmail.yourEmail);
  });

  it.each([
    `"><script>alert(1)</script>•••@x.ng`,
    "a•••@example.ng$&$`$'",
    "ada@example.ng",
    "%E0%A4%A",
    "Call 0800•••@x.ng",
  ])("writes no cookie value that is not a masked address: %s", async (value) => {
    const response = await signedUp(
      `${testCookies.signedUpAddress.name}=${encodeURIComponent(value)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(addressOn(response.body)).toBe(checkEmail.yourEmail);
    expect(response.body).not.toContain("<script>alert(1)");
  });
});
