import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { migratedDataDir } from "../../test/harness.ts";
import { createDataRequests } from "../accounts/data-requests.ts";
import { openDatabase } from "../db/client.ts";
import { dataRequests, newsletterSubscriptions } from "../db/schema.ts";

const run = promisify(execFile);
const dataDir = migratedDataDir("ysp-staff-lists-");
const secret = "staff-lists-test-secret-of-32-chars-or-more";
const command =
  (name: string) =>
  (...args: string[]) =>
    run(process.execPath, [new URL(`./${name}.ts`, import.meta.url).pathname, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", JWT_SECRET: secret },
    });
const newsletter = command("newsletter");
const requests = command("data-requests");

beforeAll(async () => {
  const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
  const at = (day: string) => new Date(`2026-11-${day}T09:00:00Z`);
  await database.db.insert(newsletterSubscriptions).values([
    { email: "asked@example.com", sourcePage: "/faqs" },
    { email: "=confirmed@example.com", sourcePage: "/", confirmedAt: at("02") },
    { email: "left@example.com", sourcePage: "/", confirmedAt: null, unsubscribedAt: at("03") },
  ]);
  await database.db.insert(dataRequests).values([
    { kind: "download", emailHash: "hash-a", askedAt: at("01"), doneAt: at("01") },
    { kind: "guardian_refusal_erasure", emailHash: "hash-b", askedAt: at("05") },
    {
      kind: "link",
      emailHash: "hash-c",
      askedAt: at("03"),
      doneAt: at("03"),
      outcome: "no account",
    },
  ]);
  // Two requests for one parent's address, recorded as the service records them.
  const recorded = createDataRequests(database.db, secret, () => at("06").getTime());
  await recorded.record("download", "parent@example.com");
  await recorded.record("guardian_refusal_erasure", "Parent@Example.com", { done: false });
  await database.close();
}, 60_000);

// Each case starts Node and opens PGlite in a child process: 4 to 14 s on the 2-core machines.
describe("staff lists", { timeout: 60_000 }, () => {
  it("npm run newsletter exports confirmed subscribers only, as safe CSV", async () => {
    const { stdout } = await newsletter("--format", "csv");
    expect(stdout.trim().split("\r\n")).toEqual([
      "email,confirmed_at,source_page",
      // Quoted as the dashboard's files are (staff/csv.ts): text a spreadsheet shows, not a formula.
      `"'=confirmed@example.com",2026-11-02T09:00:00.000Z,/`,
    ]);
  });

  it("npm run data-requests lists the unfinished first, then the rest oldest first", async () => {
    const { stdout } = await requests();
    const kinds = stdout
      .split("\n")
      .slice(2)
      .map((line) => line.split(/\s+/)[0])
      .filter((kind) => kind !== "" && kind !== undefined);
    expect(kinds.slice(0, 5)).toEqual([
      "guardian_refusal_erasure",
      "guardian_refusal_erasure",
      "download",
      "link",
      "download",
    ]);
    expect(stdout).toMatch(/guardian_refusal_erasure +2026-11-05T09:00:00.000Z +not yet/);
    expect(stdout).toContain("5 data requests.");
  });

  it("npm run data-requests --email lists only that address's requests, however it is typed", async () => {
    const { stdout } = await requests("--email", " PARENT@example.com ", "--format", "csv");
    expect(stdout.trim().split("\r\n")).toEqual([
      "kind,asked_at,done_at,outcome,address_hash",
      expect.stringMatching(/^guardian_refusal_erasure,2026-11-06T09:00:00.000Z,not yet,,/),
      expect.stringMatching(/^download,2026-11-06T09:00:00.000Z,2026-11-06T09:00:00.000Z,,/),
    ]);
    const none = await requests("--email", "someone@example.com");
    expect(none.stdout.trim()).toBe("0 data requests for someone@example.com.");
  });

  it("explains a bad argument", async () => {
    await expect(newsletter("--format", "xml")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--format must be csv or table."),
    });
  });
});
