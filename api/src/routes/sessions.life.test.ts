import { type SessionItem, type TokenPair, yourDataApi } from "@ysp/contract";
import { makeStudent, type Student } from "@ysp/testing/students";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  databasesForFile,
  logIn,
  mailThrough,
  makeApp,
  openDataLink,
  post,
  smtpForFile,
} from "../../test/harness.ts";
import { mailTo } from "../../test/mail.ts";
import { userAgents } from "../../test/user-agents.ts";
import type { Database } from "../db/client.ts";

const databases = databasesForFile();

const smtp = smtpForFile();

const phone = userAgents.tecnoWebView;
const laptop = userAgents.windowsChrome;

/** The app's calls, on one instance of the API. */
const client = (app: FastifyInstance) => {
  const fromDevice = (access: string, device = phone) => ({
    ...bearer(access),
    "user-agent": device,
  });
  return {
    signUp: async (student: Student) =>
      expect((await post(app, "/api/v1/auth/signup/", student)).statusCode).toBe(201),
    logIn: (student: Student, device: string) => logIn(app, student, device),
    list: async (access: string) => {
      const answer = await app.inject({
        url: "/api/v1/auth/sessions/",
        headers: fromDevice(access),
      });
      return { status: answer.statusCode, sessions: answer.json().sessions as SessionItem[] };
    },
    end: async (access: string, id: string) =>
      (
        await app.inject({
          method: "DELETE",
          url: `/api/v1/auth/sessions/${id}/`,
          headers: fromDevice(access),
        })
      ).statusCode,
    changePassword: (access: string, current_password: string, new_password: string) =>
      post(app, "/api/v1/auth/password/", { current_password, new_password }, fromDevice(access)),
    everywhere: async (access: string) =>
      (await post(app, "/api/v1/auth/logout/everywhere/", {}, fromDevice(access))).statusCode,
    /** Whether a pair still works: its access token at /me, its refresh token at a refresh. */
    works: async (tokens: TokenPair) => ({
      access: (await app.inject({ url: "/api/v1/auth/me/", headers: fromDevice(tokens.access) }))
        .statusCode,
      refresh: (await post(app, "/api/v1/auth/refresh/", { refresh: tokens.refresh })).statusCode,
    }),
  };
};

const alive = { access: 200, refresh: 200 };
const dead = { access: 401, refresh: 401 };

describe.each(databases)("the app's life with its sessions, on $name", (testDb) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await testDb.open();
    app = await makeApp(database, { mail: mailThrough(smtp.url) });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("logs in on two devices, lists and ends one, changes the password, logs out everywhere", async () => {
    const api = client(app);
    const student = makeStudent();
    await api.signUp(student);
    const onPhone = await api.logIn(student, phone);
    const onLaptop = await api.logIn(student, laptop);

    const listed = await api.list(onPhone.access);
    expect(listed.status).toBe(200);
    expect(listed.sessions.map(({ device, current }) => ({ device, current }))).toEqual(
      expect.arrayContaining([
        { device: "Android 12 · TECNO KG5", current: true },
        { device: "Chrome on Windows", current: false },
      ]),
    );
    expect(listed.sessions).toHaveLength(2);

    // The laptop at school was left logged in: the phone ends its session.
    const school = listed.sessions.find((session) => !session.current);
    expect(await api.end(onPhone.access, school?.id ?? "")).toBe(204);
    expect(await api.works(onLaptop)).toEqual(dead);
    expect((await api.list(onPhone.access)).sessions).toHaveLength(1);

    const changed = await api.changePassword(onPhone.access, student.password, "new-kola-nut-43");
    expect(changed.statusCode, changed.body).toBe(200);
    const afterChange = changed.json() as TokenPair;
    expect(await api.works(onPhone)).toEqual(dead);
    await mailTo(smtp, student.email, "Your password was changed");
    const withNew = { ...student, password: "new-kola-nut-43" };
    const laptopAgain = await api.logIn(withNew, laptop);
    expect((await api.list(afterChange.access)).sessions).toHaveLength(2);

    // The data area opened from a mailed link is a session of its own kind, with the epoch too.
    const { access: data } = await openDataLink(app, smtp, student.email);
    const download = async () =>
      (await app.inject({ url: `${yourDataApi}/`, headers: bearer(data) })).statusCode;
    expect(await download()).toBe(200);
    // The download lists every session with its device, ended ones too.
    const held = await app.inject({
      url: `${yourDataApi}/`,
      headers: bearer(data),
    });
    expect(held.json().sessions.map((s: { device_name: string | null }) => s.device_name)).toEqual([
      "Android 12 · TECNO KG5",
      "Chrome on Windows",
      "Android 12 · TECNO KG5",
      "Chrome on Windows",
    ]);

    expect(await api.everywhere(afterChange.access)).toBe(204);
    // Nothing issued before works any more, access and refresh alike.
    for (const tokens of [onPhone, onLaptop, afterChange, laptopAgain])
      expect(await api.works(tokens)).toEqual(dead);
    expect((await api.list(afterChange.access)).status).toBe(401);
    expect(await download()).toBe(401);
    expect(await api.everywhere(laptopAgain.access)).toBe(401);
    // The password still opens a new session.
    expect(await api.works(await api.logIn(withNew, phone))).toEqual(alive);
  }, 30_000);
});

describe.each(databases)("two instances on one database, on $name", (testDb) => {
  let handles: [Database, Database];
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    handles = await testDb.openTwice();
    [first, second] = await Promise.all([makeApp(handles[0]), makeApp(handles[1])]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    // On PGlite both are one handle.
    for (const database of new Set(handles)) await database.close();
  });

  it("see the same sessions and the same epoch", async () => {
    const one = client(first);
    const two = client(second);
    const student = makeStudent();
    await one.signUp(student);
    const onPhone = await one.logIn(student, phone);
    const onLaptop = await two.logIn(student, laptop);

    // Each instance lists both, and marks its caller's own.
    const fromSecond = await two.list(onPhone.access);
    expect(fromSecond.sessions.map((s) => s.device).sort()).toEqual([
      "Android 12 · TECNO KG5",
      "Chrome on Windows",
    ]);
    const laptopId = fromSecond.sessions.find((s) => !s.current)?.id ?? "";
    expect((await one.list(onLaptop.access)).sessions.find((s) => s.current)?.id).toBe(laptopId);

    // Ended on one instance, refused by the other at once.
    expect(await one.end(onPhone.access, laptopId)).toBe(204);
    expect(await two.works(onLaptop)).toEqual(dead);

    // A new password on the second ends the first's tokens; everywhere on the first, the second's.
    const changed = await two.changePassword(onPhone.access, student.password, "new-kola-nut-43");
    expect(changed.statusCode, changed.body).toBe(200);
    const renewed = changed.json() as TokenPair;
    expect(await one.works(onPhone)).toEqual(dead);
    expect(await one.works(renewed)).toEqual(alive);
    const fresh = await one.logIn({ ...student, password: "new-kola-nut-43" }, laptop);
    expect(await one.everywhere(fresh.access)).toBe(204);
    expect(await two.works(fresh)).toEqual(dead);
    expect((await two.list(renewed.access)).status).toBe(401);
  }, 30_000);
});
