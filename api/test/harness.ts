import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  accountPages,
  dataRightsPages,
  googleSignIn,
  type LoginResponse,
  yourDataApi,
} from "@ysp/contract";
import type { SiteBuild } from "@ysp/contract/site-build";
import type { OpenIdProvider } from "@ysp/testing/openid-provider";
import { postgresBinDir } from "@ysp/testing/postgres";
import { type SmtpTestServer, startSmtpServer } from "@ysp/testing/smtp";
import { makeStudent, type Student } from "@ysp/testing/students";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { defaultTimeouts, type GoogleConfig } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { users } from "../src/db/schema.ts";
import { cookiesFor } from "../src/http/cookies.ts";
import type { MailConfig } from "../src/mail/mail-config.ts";
import { defaultFirstRetrySeconds } from "../src/mail/mail-queue.ts";
import type { Metrics } from "../src/ops/metrics.ts";
import { formType } from "../src/pages/form-routes.ts";
import { loadSite, type SiteFiles } from "../src/pages/static-site.ts";
import { buildServer, type ServerOptions } from "../src/server.ts";
import { mailTo, testPublicUrl, tokenIn } from "./mail.ts";
import { pgliteTemplateEnv, postgresTemplate, postgresUrlEnv } from "./template-databases.ts";

/** The real build, which the server knows only through its build/site.json. */
export const buildDir = new URL("../../web/build", import.meta.url).pathname;

/**
 * Two pages, the not-found page, a favicon and a site.json in the shape web/scripts/postbuild.ts
 * writes: the site for every test that is not about serving the real build,
 * so the unit suite runs on a fresh clone.
 */
export const fixtureSiteDir = new URL("./fixture-site", import.meta.url).pathname;

let fixture: Promise<SiteFiles> | undefined;
/** The fixture site, read once per test file. */
export const fixtureSite = () => {
  fixture ??= loadSite(fixtureSiteDir);
  return fixture;
};

let built: Promise<SiteFiles> | undefined;
/** The real build, read once per test file; `npm test` builds before the unit tests. */
export const builtSite = () => {
  built ??= loadSite(buildDir);
  return built;
};

const builtSiteJson = join(buildDir, "site.json");

/** The paths of the pages the real build lists (none without a build), for tests that go through each. */
export const builtPagePaths = (): string[] =>
  existsSync(builtSiteJson)
    ? (JSON.parse(readFileSync(builtSiteJson, "utf8")) as SiteBuild).pages.map((page) => page.path)
    : [];

/**
 * Whether web/build holds a build, for the tests about serving it (its pages,
 * their policies, precompressed files); without one they are skipped, and this says why.
 */
export function hasBuild(): boolean {
  if (existsSync(builtSiteJson)) return true;
  console.log(
    `No build in ${buildDir}: the tests of serving the real build are skipped (npm test builds first; npm run build makes one).`,
  );
  return false;
}

export type TestDatabase = {
  name: "pglite" | "postgres";
  open: () => Promise<Database>;
  /**
   * One database reached through two handles, as two instances of the API reach it: two
   * pools on PostgreSQL; on PGlite, which one process opens at a time, the same handle twice.
   */
  openTwice: () => Promise<[Database, Database]>;
  stop: () => Promise<void>;
};

/** An environment variable the run's global setup (template-databases.ts) must have set. */
function fromSetup(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the API tests through vitest.config.ts, whose globalSetup makes the template databases`,
    );
  return value;
}

/**
 * A server's DATA_DIR whose embedded database (its `pglite` folder) is already migrated, copied
 * from the run's template: a server or command started on it skips PGlite's initdb.
 */
export function migratedDataDir(prefix: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(fromSetup(pgliteTemplateEnv), join(dataDir, "pglite"), { recursive: true });
  return dataDir;
}

/** A PGlite database in a fresh folder, copied from the run's migrated template. */
function pgliteDatabase(): TestDatabase {
  const dir = mkdtempSync(join(tmpdir(), "ysp-pglite-"));
  let count = 0;
  const open = () => {
    const dataDir = join(dir, String(count++));
    cpSync(fromSetup(pgliteTemplateEnv), dataDir, { recursive: true });
    return openDatabase({ kind: "pglite", dataDir });
  };
  return {
    name: "pglite",
    open,
    openTwice: async () => {
      const database = await open();
      return [database, database];
    },
    stop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

let postgresCount = 0;
/**
 * A new database on the run's PostgreSQL server, migrated (copied from the template) or
 * empty, as a fresh server's would be; dropped by `drop`.
 */
export async function postgresDatabase(
  { migrated }: { migrated: boolean } = { migrated: true },
): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = fromSetup(postgresUrlEnv);
  const name = `ysp_test_${process.pid}_${postgresCount++}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}${migrated ? ` template ${postgresTemplate}` : ""}`);
  return {
    url: serverUrl.replace(/\/postgres$/, `/${name}`),
    // Forced: a test may leave a pool open on it.
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** PostgreSQL databases on the run's server, a new one per suite, dropped on stop. */
function postgresDatabases(): TestDatabase {
  const created: (() => Promise<void>)[] = [];
  /** A database per suite keeps suites from seeing each other's rows. */
  const createDatabase = async () => {
    const { url, drop } = await postgresDatabase();
    created.push(drop);
    return url;
  };
  const connect = (url: string) => openDatabase({ kind: "postgres", url, poolSize: 20 });
  return {
    name: "postgres",
    open: async () => connect(await createDatabase()),
    openTwice: async () => {
      const url = await createDatabase();
      return [await connect(url), await connect(url)];
    },
    stop: async () => {
      for (const drop of created.splice(0)) await drop();
    },
  };
}

/**
 * The databases every storage and API suite runs against: embedded PGlite,
 * and a real PostgreSQL server when its binaries are on this machine.
 */
export function testDatabases(): TestDatabase[] {
  if (!postgresBinDir()) {
    console.log(
      "PostgreSQL binaries not found under /usr/lib/postgresql: the PostgreSQL half of this suite is skipped.",
    );
    return [pgliteDatabase()];
  }
  return [pgliteDatabase(), postgresDatabases()];
}

/** The settings a server is built with. */
export type TestConfig = ServerOptions["config"];

/** What a test changes: any setting, and only the rate limits it is about (the rest stay high). */
export type ConfigOverrides = Partial<Omit<TestConfig, "rateLimits">> & {
  rateLimits?: Partial<TestConfig["rateLimits"]>;
};

/** As ConfigOverrides, and the site the app serves: the fixture site unless a test is about the real build. */
export type AppOptions = ConfigOverrides & {
  site?: () => Promise<SiteFiles>;
  /** Where the app sends mail; without it messages stay queued. */
  mail?: MailConfig;
  /** Where the app counts; without it, a fresh set nobody reads. */
  metrics?: Metrics;
};

/**
 * Every rate limit out of the way, for a file that sends thousands of requests within the test
 * config's minute, about something other than a 429.
 */
export const noRateLimits = {
  signupPerMinute: 1_000_000,
  loginPerMinute: 1_000_000,
  loginPerEmailPerMinute: 1_000_000,
  refreshPerMinute: 1_000_000,
  newsletterPerMinute: 1_000_000,
  mailPerMinute: 1_000_000,
  mailPerAddressPerHour: 1_000_000,
  mailFloodPerAddressPerHour: 1_000_000,
};

/** Google sign-in against `provider`, a stand-in for Google on localhost (testing/openid-provider.ts). */
export const googleConfigFor = (provider: OpenIdProvider): GoogleConfig => ({
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: provider.clientSecret,
  appClientIds: [provider.appClientId],
  redirectUri: `${testPublicUrl}${googleSignIn.callback}`,
});

export const makeConfig = ({ rateLimits, ...overrides }: ConfigOverrides = {}): TestConfig => ({
  jwtSecret: "test-secret-test-secret-test-secret-0123456789",
  trustProxy: false,
  hash: { workers: 2, maxQueued: 1000, nice: 10 },
  logLevel: "silent",
  refreshReuseGraceSeconds: 10,
  publicUrl: testPublicUrl,
  timeouts: defaultTimeouts,
  mailRetrySeconds: defaultFirstRetrySeconds,
  google: null,
  staffArea: true,
  ...overrides,
  rateLimits: {
    signupPerMinute: 10_000,
    loginPerMinute: 10_000,
    loginPerEmailPerMinute: 10_000,
    refreshPerMinute: 10_000,
    newsletterPerMinute: 10_000,
    mailPerMinute: 10_000,
    mailPerAddressPerHour: 10_000,
    mailFloodPerAddressPerHour: 10_000,
    ...rateLimits,
  },
});

export async function makeApp(
  database: Database,
  { site = fixtureSite, mail, metrics, ...overrides }: AppOptions = {},
  now?: () => number,
): Promise<FastifyInstance> {
  return buildServer({
    config: makeConfig(overrides),
    database,
    site: await site(),
    logger: false,
    now,
    mail,
    metrics,
  });
}

/** The file's test databases (`testDatabases`), stopped once the file's tests have run. */
export function databasesForFile(): TestDatabase[] {
  const databases = testDatabases();
  afterAll(async () => {
    for (const db of databases) await db.stop();
  });
  return databases;
}

/** This file's PGlite test database; its folder is removed once the file's tests have run. */
export function pgliteForFile(): TestDatabase {
  const [pglite] = testDatabases();
  if (!pglite) throw new Error("no PGlite test database");
  afterAll(() => pglite.stop());
  return pglite;
}

/**
 * A database of `testDb`'s kind, opened before the enclosing suite's tests (the file's, at
 * the top level) and closed after them. Read `database` inside the tests: it is set once they start.
 */
export function databaseOn(testDb: TestDatabase): { database: Database } {
  const held = {} as { database: Database };
  beforeAll(async () => {
    held.database = await testDb.open();
  }, 60_000);
  afterAll(() => held.database.close());
  return held;
}

/**
 * As databaseOn, with an app on the database (`makeApp`'s options, or a function giving them
 * once the suite's other hooks have run), closed before it.
 */
export function appOnDatabase(
  testDb: TestDatabase,
  overrides: AppOptions | (() => AppOptions) = {},
  now?: () => number,
): { app: FastifyInstance; database: Database } {
  const suite = databaseOn(testDb) as { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    const options = typeof overrides === "function" ? overrides() : overrides;
    suite.app = await makeApp(suite.database, options, now);
  }, 60_000);
  // After-hooks run in reverse: the app closes before its database.
  afterAll(() => suite.app.close());
  return suite;
}

/**
 * As appOnDatabase, the app's mail going to a real SMTP server of the suite's own: the server
 * starts before the app and stops after it.
 */
export function appWithMailOn(
  testDb: TestDatabase,
  overrides: AppOptions | (() => AppOptions) = {},
  now?: () => number,
): { app: FastifyInstance; database: Database; smtp: SmtpTestServer } {
  const smtp = smtpForFile();
  const suite = appOnDatabase(
    testDb,
    () => ({
      mail: mailThrough(smtp.url),
      ...(typeof overrides === "function" ? overrides() : overrides),
    }),
    now,
  );
  return Object.assign(suite, { smtp });
}

/** The app logging at info, as in production, with each line it writes parsed into `lines`. */
export async function makeLoggingApp(
  database: Database,
  mail?: MailConfig,
  overrides: ConfigOverrides = {},
) {
  const lines: Record<string, unknown>[] = [];
  const app = await buildServer({
    config: makeConfig({ logLevel: "info", ...overrides }),
    database,
    site: await fixtureSite(),
    logger: { stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    mail,
  });
  return { app, lines };
}

export { testPublicUrl };

/** The cookies of an app at testPublicUrl, which is https: `__Host-` names (cookies.ts). */
export const testCookies = cookiesFor(testPublicUrl);

/** The app's mail settings for a test's real SMTP server (@ysp/testing/smtp) at `url`. */
export const mailThrough = (url: string): MailConfig => ({
  transport: { kind: "smtp", url },
  from: { name: "YSP", address: "hello@ysp.example" },
  publicUrl: testPublicUrl,
});

/** POSTs `payload` to the app as JSON (or as given, with a content-type in `headers`). */
export const post = (
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) => app.inject({ method: "POST", url, payload: payload as object, headers });

/** Signs `student` up, which must work. */
export async function signUp(app: FastifyInstance, student = makeStudent()): Promise<Student> {
  const signup = await post(app, "/api/v1/auth/signup/", student);
  if (signup.statusCode !== 201)
    throw new Error(`sign-up answered ${signup.statusCode}: ${signup.body}`);
  return student;
}

/** Signs a new student up and logs them in: the login answer, with its tokens and user. */
export async function signUpAndLogIn(app: FastifyInstance, student = makeStudent()) {
  await signUp(app, student);
  return post(app, "/api/v1/auth/login/", { email: student.email, password: student.password });
}

/**
 * Opens the link of the student's "Confirm your email" as its page posts it, which must
 * confirm the address: the data cookie it sets, as a `cookie` header's `name=value`.
 */
export async function openConfirmationLink(
  app: FastifyInstance,
  smtp: SmtpTestServer,
  email: string,
): Promise<string> {
  const token = tokenIn(await mailTo(smtp, email, "Confirm your email"), accountPages.verifyEmail);
  const opened = await app.inject({
    method: "POST",
    url: `${accountPages.verifyEmail}?token=${token}`,
    headers: formHeaders,
    payload: "",
  });
  if (opened.statusCode !== 303)
    throw new Error(`the confirmation link answered ${opened.statusCode}: ${opened.body}`);
  const line = [opened.headers["set-cookie"] ?? []]
    .flat()
    .find((header) => header.startsWith(`${testCookies.data.name}=`));
  if (!line) throw new Error("the confirmation link set no data cookie");
  return line.slice(0, line.indexOf(";"));
}

/**
 * Asks for the "Your data" link for `email` and opens it, as the app does, which must work: the
 * link's token and the data session's access token.
 */
export async function openDataLink(app: FastifyInstance, smtp: SmtpTestServer, email: string) {
  const asked = await post(app, `${yourDataApi}/link/`, { email });
  if (asked.statusCode !== 202) throw new Error(`the link request answered ${asked.statusCode}`);
  const token = tokenIn(await mailTo(smtp, email, "Your data at YSP"), dataRightsPages.yourData);
  const opened = await post(app, `${yourDataApi}/open/`, { token });
  if (opened.statusCode !== 200)
    throw new Error(`opening the data link answered ${opened.statusCode}: ${opened.body}`);
  return { token, access: opened.json().access as string };
}

/**
 * Logs a student in, which must work, from the device `userAgent` names (none: no header): the
 * login answer's body, tokens and user.
 */
export async function logIn(
  app: FastifyInstance,
  student: Pick<Student, "email" | "password">,
  userAgent?: string,
) {
  const answer = await post(
    app,
    "/api/v1/auth/login/",
    { email: student.email, password: student.password },
    userAgent ? { "user-agent": userAgent } : {},
  );
  if (answer.statusCode !== 200)
    throw new Error(`login answered ${answer.statusCode}: ${answer.body}`);
  return answer.json() as LoginResponse;
}

/** How many accounts hold this email, in any case: the one-account checks of the sign-up tests. */
export async function countAccounts(database: Database, email: string): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row?.n ?? 0;
}

/**
 * A real SMTP server on localhost for one file's tests, the one way a test file gets one: started
 * before its tests, stopped after them. Read it inside a test or hook (`mailThrough(smtp.url)`,
 * `mailTo(smtp, …)`): before it has started, reading it throws and says so.
 */
export function smtpForFile(): SmtpTestServer {
  let server: SmtpTestServer | undefined;
  beforeAll(async () => {
    server = await startSmtpServer();
  });
  afterAll(() => server?.close());
  return new Proxy({} as SmtpTestServer, {
    get: (_target, key) => {
      if (!server) throw new Error("The file's SMTP server starts in beforeAll: read it in a test");
      return Reflect.get(server, key);
    },
  });
}

/** The headers of a plain HTML form's post. */
export const formHeaders = { "content-type": formType };

/** The Authorization header carrying an access (or data) token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
