import { readFileSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";

/** The browser-test server's PostgreSQL URL, or null when it runs on PGlite. */
export function e2eDatabaseUrl(): string | null {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) return null;
  const url = readFileSync(join(dir, "database-url"), "utf8").trim();
  return url === "" ? null : url;
}

export async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const url = e2eDatabaseUrl();
  if (!url) throw new Error("no database URL: the browser-test server runs on PGlite");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}
