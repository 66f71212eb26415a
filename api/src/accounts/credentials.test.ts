import { dataRightsPages, linkProblems, yourDataApi } from "@ysp/contract";
import { makeStudent, type Student } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  appWithMailOn,
  bearer,
  databasesForFile,
  formHeaders,
  logIn as logInTo,
  post,
  testCookies,
} from "../../test/harness.ts";
import { mailTo, nextMailTo, tokenIn } from "../../test/mail.ts";
import { queryRows } from "../db/client.ts";

const databases = databasesForFile();

describe.each(databases)("a new password ends every old power, on $name", (testDb) => {
  const suite = appWithMailOn(testDb);
  const { smtp } = suite;

  const logIn = (student: Student) => logInTo(suite.app, student);
  const me = (access: string) =>
    suite.app.inject({ url: "/api/v1/auth/me/", headers: bearer(access) });
  const download = (data: string) =>
    suite.app.inject({ url: `${yourDataApi}/`, headers: bearer(data) });
  const rename = (data: string) =>
    post(suite.app, `${yourDataApi}/name/`, { first_name: "Ada", last_name: "Obi" }, bearer(data));
  const askYourDataLink = async (student: Student) => {
    const mail = nextMailTo(smtp, student.email, "Your data at YSP");
    expect(
      (await post(suite.app, `${yourDataApi}/link/`, { email: student.email })).statusCode,
    ).toBe(202);
    return tokenIn(await mail(), dataRightsPages.yourData);
  };
  const openYourData = (token: string) => post(suite.app, `${yourDataApi}/open/`, { token });
  const resetPassword = async (student: Student, password: string) => {
    await post(suite.app, "/api/v1/auth/password-reset/", { email: student.email });
    const token = tokenIn(
      await mailTo(smtp, student.email, "Reset your password"),
      "/reset-password",
    );
    const changed = await post(suite.app, "/api/v1/auth/password-reset/confirm/", {
      token,
      password,
    });
    expect(changed.statusCode, changed.body).toBe(200);
  };

  it("refuses every token, session and link issued before a password reset", async () => {
    const student = makeStudent();
    expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
    const unusedConfirmation = tokenIn(
      await mailTo(smtp, student.email, "Confirm your email"),
      "/verify-email",
    );
    const { access, refresh } = await logIn(student);
    const opened = await openYourData(await askYourDataLink(student));
    expect(opened.statusCode, opened.body).toBe(200);
    const data = opened.json().access as string;
    // The pages' data session: the same token in an HttpOnly cookie, from the link's page.
    const page = await suite.app.inject({
      method: "POST",
      url: `${dataRightsPages.yourData}?token=${await askYourDataLink(student)}`,
      headers: formHeaders,
      payload: "",
    });
    const cookie = [page.headers["set-cookie"] ?? []]
      .flat()
      .find((line) => line.startsWith(`${testCookies.data.name}=`))
      ?.split(";")[0];
    expect(cookie).toBeDefined();
    const withCookie = () =>
      suite.app.inject({ url: `${yourDataApi}/`, headers: { cookie: cookie ?? "" } });
    expect((await withCookie()).statusCode).toBe(200);
    const unopened = await askYourDataLink(student);
    const parent = `parent-${crypto.randomUUID()}@example.org`;
    const asked = await post(
      suite.app,
      `${yourDataApi}/guardian-request/`,
      { guardian_email: parent },
      bearer(data),
    );
    expect(asked.statusCode, asked.body).toBe(202);
    const consent = tokenIn(
      await mailTo(smtp, parent, /permission/),
      dataRightsPages.guardianConsent,
    );
    // Each of them works before the reset, so the refusals below are the reset's doing.
    expect((await me(access)).statusCode).toBe(200);
    expect((await download(data)).statusCode).toBe(200);

    await resetPassword(student, "a-new-password-42");

    expect((await me(access)).statusCode).toBe(401);
    expect((await post(suite.app, "/api/v1/auth/refresh/", { refresh })).statusCode).toBe(401);
    expect((await download(data)).statusCode).toBe(401);
    expect((await rename(data)).statusCode).toBe(401);
    expect((await withCookie()).statusCode).toBe(401);
    const stale = await openYourData(unopened);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors[0].code).toBe("link_replaced");
    const confirm = await suite.app.inject({
      method: "POST",
      url: `/verify-email?token=${unusedConfirmation}`,
      headers: formHeaders,
      payload: "",
    });
    expect(confirm.statusCode).not.toBe(303);
    expect(confirm.headers["set-cookie"] ?? "").not.toContain(`${testCookies.data.name}=`);
    expect(confirm.body).toContain(linkProblems.link_replaced.replaceAll("'", "&#39;"));
    const grant = await post(suite.app, "/api/v1/guardian-consent/", {
      token: consent,
      decision: "grant",
      guardian_name: "Ngozi Obi",
      relationship: "Mother",
    });
    expect(grant.statusCode).toBe(400);

    // The new password gives new powers that work.
    const fresh = await logIn({ ...student, password: "a-new-password-42" });
    expect((await me(fresh.access)).statusCode).toBe(200);
    const reopened = await openYourData(await askYourDataLink(student));
    expect((await download(reopened.json().access)).statusCode).toBe(200);
  }, 30_000);

  it("refuses a data token from a link opened while the password was being reset", async () => {
    const student = makeStudent();
    expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
    const link = await askYourDataLink(student);
    await post(suite.app, "/api/v1/auth/password-reset/", { email: student.email });
    const reset = tokenIn(
      await mailTo(smtp, student.email, "Reset your password"),
      "/reset-password",
    );
    // Opened and reset at once: whichever commits second meets the other's row lock.
    const [opened] = await Promise.all([
      openYourData(link),
      post(suite.app, "/api/v1/auth/password-reset/confirm/", {
        token: reset,
        password: "a-new-password-42",
      }),
    ]);
    if (opened.statusCode === 200)
      expect((await download(opened.json().access)).statusCode).toBe(401);
    else expect(opened.json().errors[0].code).toBe("link_replaced");
    const [row] = await queryRows<{ epoch: number }>(
      suite.database.db,
      sql`select credentials_epoch as epoch from users where email = ${student.email}`,
    );
    expect(row?.epoch).toBe(1);
  }, 30_000);
});
