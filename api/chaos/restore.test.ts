import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { postJson } from "@ysp/testing/post-json";
import { postgresBinDir, startPostgres } from "@ysp/testing/postgres";
import { raisedLimits, type ServerProcess, startServer } from "@ysp/testing/server-process";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { mainEntry } from "../test/main-entry.ts";
import { newStudent, type Student } from "./students.ts";

const ports = [3471, 3472];
/** As many students as docs/deploy.md gives the restore's time for. */
const students = 10_000;
/** Signed up through the API; the rest are copies of them made in SQL, which hashes nothing. */
const realStudents = 3;

/** Runs one of PostgreSQL's programs as the postgres user (tests run as root here), as docs/deploy.md does with sudo. */
function postgresProgram(name: string, args: string[]): void {
  const bin = join(postgresBinDir() as string, name);
  const [command, all] =
    process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  execFileSync(command, all, { stdio: ["ignore", "ignore", "inherit"] });
}

/** The URL's connection options as the programs take them. */
const connection = (url: string) => {
  const parsed = new URL(url);
  return ["-h", parsed.hostname, "-p", parsed.port, "-U", parsed.username];
};

const query = async <Row>(url: string, text: string, values: unknown[] = []): Promise<Row[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
};

/**
 * The backup and restore of docs/deploy.md, practised: a database with students, their consent
 * records, their mail and their sessions is dumped with the nightly command, restored with the
 * monthly one into a fresh PostgreSQL, and an instance started on the copy serves them.
 */
describe.skipIf(!postgresBinDir())("a backup restored into a fresh PostgreSQL", () => {
  it("serves its students: a login, a session refreshed, their consent rows", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ysp-chaos-restore-"));
    chmodSync(dir, 0o777);
    const source = await startPostgres();
    const fresh = await startPostgres();
    const env = {
      ...raisedLimits,
      DATA_DIR: dir,
      JWT_SECRET: "the-same-secret-on-both-sides-of-the-restore",
    };
    const start = (port: number, url: string) =>
      startServer({
        entry: mainEntry,
        env: { ...env, DATABASE_URL: url },
        port,
        logFile: join(dir, `server-${port}.log`),
      });
    let server: ServerProcess | undefined;
    try {
      server = await start(ports[0] as number, source.url);
      const made: Student[] = [];
      const sessions: string[] = [];
      for (let i = 0; i < realStudents; i++) {
        const student = newStudent("restore");
        expect((await postJson(`${server.url}/api/v1/auth/signup/`, student)).status).toBe(201);
        const login = await postJson(`${server.url}/api/v1/auth/login/`, {
          email: student.email,
          password: student.password,
        });
        expect(login.status).toBe(200);
        made.push(student);
        sessions.push(login.body.refresh as string);
      }
      await server.stop();
      server = undefined;
      // The other students as copies of the first: an account, its consent, its mail, a session.
      await query(
        source.url,
        `with template as (select * from users order by created_at limit 1),
         copies as (
           insert into users (email, first_name, last_name, password_hash, referral_code)
           select 'copy-' || i || '@example.com', t.first_name, t.last_name, t.password_hash,
                  'COPY' || lpad(i::text, 6, '0')
           from template t, generate_series(1, $1::int) as i
           returning id),
         consent as (
           insert into consent_records (kind, user_id, terms_version, privacy_version, source_page)
           select c.kind, copies.id, c.terms_version, c.privacy_version, c.source_page
           from copies, consent_records c join template t on c.user_id = t.id),
         mail as (
           insert into mail_outbox (kind, user_id, nonce, sent_at)
           select 'verify-email', copies.id, md5(copies.id::text), now() from copies)
         insert into auth_sessions (user_id, current_jti) select id, gen_random_uuid() from copies`,
        [students - realStudents],
      );
      const counted = async (url: string) =>
        (
          await query<Record<string, number>>(
            url,
            `select (select count(*)::int from users) as users,
                  (select count(*)::int from consent_records) as consent_records,
                  (select count(*)::int from mail_outbox) as mail_outbox,
                  (select count(*)::int from auth_sessions) as auth_sessions`,
          )
        )[0];
      const before = await counted(source.url);
      expect(before?.users).toBe(students);

      // docs/deploy.md, "Backups": the nightly dump, then the restore into a new database.
      const dump = join(dir, "ysp.dump");
      const dumpStarted = performance.now();
      postgresProgram("pg_dump", [
        ...connection(source.url),
        "-Fc",
        "--exclude-table-data=rate_limit_counters",
        "-f",
        dump,
        "postgres",
      ]);
      const dumpMs = performance.now() - dumpStarted;
      await source.stop();
      const restoreStarted = performance.now();
      postgresProgram("createdb", [...connection(fresh.url), "ysp_restore_test"]);
      postgresProgram("pg_restore", [
        ...connection(fresh.url),
        "-d",
        "ysp_restore_test",
        "--no-owner",
        "--exit-on-error",
        dump,
      ]);
      const restoreMs = performance.now() - restoreStarted;
      const restored = fresh.url.replace(/\/postgres$/, "/ysp_restore_test");
      expect(await counted(restored)).toEqual(before);

      // An instance on the copy: the students log in, their sessions go on, their consent is there.
      server = await start(ports[1] as number, restored);
      for (const [i, student] of made.entries()) {
        const login = await postJson(`${server.url}/api/v1/auth/login/`, {
          email: student.email,
          password: student.password,
        });
        expect(login.status, student.email).toBe(200);
        const refreshed = await postJson(`${server.url}/api/v1/auth/refresh/`, {
          refresh: sessions[i],
        });
        expect(refreshed.status, `${student.email}'s session from before the dump`).toBe(200);
        const consent = await query<{ kind: string; terms_version: string | null }>(
          restored,
          `select kind, terms_version from consent_records c join users u on u.id = c.user_id
           where u.email = $1`,
          [student.email],
        );
        expect(consent.map((row) => row.kind)).toEqual(["terms_accepted"]);
        expect(consent[0]?.terms_version).toBeTruthy();
      }
      const copy = await postJson(`${server.url}/api/v1/auth/login/`, {
        email: "copy-1@example.com",
        password: made[0]?.password,
      });
      expect(copy.status, "a copied student").toBe(200);
      expect(await server.stop()).toBe(0);
      server = undefined;
      console.log(
        `backup and restore of ${students} students (${before?.consent_records} consent records, ` +
          `${before?.mail_outbox} messages, ${before?.auth_sessions} sessions): ` +
          `pg_dump ${(dumpMs / 1000).toFixed(1)} s, createdb + pg_restore ${(restoreMs / 1000).toFixed(1)} s`,
      );
    } finally {
      await server?.kill();
      await source.stop();
      await fresh.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
