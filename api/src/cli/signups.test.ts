import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { migratedDataDir } from "../../test/harness.ts";
import { openDatabase } from "../db/client.ts";
import { users } from "../db/schema.ts";

const run = promisify(execFile);
const cli = new URL("./signups.ts", import.meta.url).pathname;
const dataDir = migratedDataDir("ysp-signups-");
const signups = (...args: string[]) =>
  run(process.execPath, [cli, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
  });

beforeAll(async () => {
  const database = await openDatabase({ kind: "pglite", dataDir: join(dataDir, "pglite") });
  const [referrer] = await database.db
    .insert(users)
    .values({
      email: "tunde@example.com",
      firstName: "Tunde",
      lastName: "Bakare",
      passwordHash: "x",
      referralCode: "K7QX9M",
      createdAt: new Date("2026-08-01T10:00:00Z"),
    })
    .returning();
  await database.db.insert(users).values({
    email: "zainab@example.com",
    firstName: "=Zainab",
    lastName: "Musa, Jr",
    passwordHash: "x",
    referralCode: "P3RT8W",
    referredBy: referrer?.id,
    utmSource: "whatsapp",
    utmCampaign: "waec",
    referrerDomain: "google.com",
    emailVerifiedAt: new Date("2026-10-01T10:05:00Z"),
    createdAt: new Date("2026-10-01T10:00:00Z"),
  });
  await database.close();
}, 60_000);

// Each case starts Node and opens PGlite in a child process: 4 to 14 s on the 2-core machines.
describe("npm run signups", { timeout: 60_000 }, () => {
  it("lists sign-ups as CSV, safe for spreadsheets, with who referred them and from where", async () => {
    const { stdout } = await signups("--format", "csv");
    expect(stdout.trim().split("\r\n")).toEqual([
      "name,email,email_verified,referral_code,referred_by,utm_source,utm_medium,utm_campaign,referrer,date",
      "Tunde Bakare,tunde@example.com,no,K7QX9M,,,,,,2026-08-01T10:00:00.000Z",
      `"'=Zainab Musa, Jr",zainab@example.com,yes,P3RT8W,tunde@example.com,whatsapp,,waec,google.com,2026-10-01T10:00:00.000Z`,
    ]);
  });

  it("filters by date and prints a table by default", async () => {
    const { stdout } = await signups("--since", "2026-09-01");
    expect(stdout).toMatch(/^name +email +email_verified +referral_code/);
    expect(stdout).toMatch(/zainab@example\.com +yes +P3RT8W/);
    expect(stdout).not.toContain("Tunde Bakare");
    expect(stdout).toContain("1 sign-up since 2026-09-01.");
  });

  it("explains a bad argument", async () => {
    await expect(signups("--since", "yesterday")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--since must be a date written YYYY-MM-DD"),
    });
  });
});
