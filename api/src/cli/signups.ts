import { parseArgs } from "node:util";
import { asc, eq, gte } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { FolderInUseError } from "../db/folder-lock.ts";
import { users } from "../db/schema.ts";

const usage = "Usage: npm run signups -- [--since YYYY-MM-DD] [--format csv|table]";

type Row = {
  name: string;
  email: string;
  /** "yes" once the student opened the link in "Confirm your email" (or reset their password by mail). */
  email_verified: "yes" | "no";
  referral_code: string;
  referred_by: string;
  date: string;
};

function csvField(value: string): string {
  // A leading = + - @ would make a spreadsheet run the cell as a formula.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const headers: (keyof Row)[] = [
  "name",
  "email",
  "email_verified",
  "referral_code",
  "referred_by",
  "date",
];

function table(rows: Row[]): string {
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => r[h].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [
    line(headers),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(headers.map((h) => r[h]))),
  ].join("\n");
}

async function main(): Promise<number> {
  let values: { since?: string; format?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        since: { type: "string" },
        format: { type: "string", default: "table" },
        help: { type: "boolean" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (values.format !== "csv" && values.format !== "table") {
    console.error(`--format must be csv or table.\n${usage}`);
    return 2;
  }
  let since: Date | undefined;
  if (values.since !== undefined) {
    since = new Date(`${values.since}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.since) || Number.isNaN(since.getTime())) {
      console.error(`--since must be a date written YYYY-MM-DD, like 2026-09-01.\n${usage}`);
      return 2;
    }
  }

  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const referrer = alias(users, "referrer");
    const found = await database.db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        referralCode: users.referralCode,
        referrerEmail: referrer.email,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(referrer, eq(users.referredBy, referrer.id))
      .where(since ? gte(users.createdAt, since) : undefined)
      .orderBy(asc(users.createdAt));
    const rows: Row[] = found.map((u) => ({
      name: `${u.firstName} ${u.lastName}`,
      email: u.email,
      email_verified: u.emailVerifiedAt ? "yes" : "no",
      referral_code: u.referralCode,
      referred_by: u.referrerEmail ?? "",
      date: u.createdAt.toISOString(),
    }));
    if (values.format === "csv") {
      const lines = rows.map((r) => headers.map((h) => csvField(r[h])).join(","));
      console.log([headers.join(","), ...lines].join("\n"));
    } else {
      console.log(rows.length === 0 ? "No sign-ups found." : table(rows));
      console.log(
        `\n${rows.length} sign-up${rows.length === 1 ? "" : "s"}${since ? ` since ${values.since}` : ""}.`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  const known = error instanceof ConfigError || error instanceof FolderInUseError;
  console.error(known ? `signups: ${error.message}` : error);
  process.exitCode = 1;
}
