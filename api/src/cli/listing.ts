import { type ParseArgsConfig, parseArgs } from "node:util";
import { type Config, ConfigError, loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { FolderInUseError } from "../db/folder-lock.ts";
import { csvFile } from "../staff/csv.ts";

/**
 * What the staff commands (npm run signups, newsletter, data-requests) share:
 * their options, the configured database, and rows printed as a table or as
 * CSV that a spreadsheet opens safely.
 */
export type Listing<Row extends Record<string, string>> = {
  name: string;
  usage: string;
  /** Options beyond --format and --help. */
  options?: ParseArgsConfig["options"];
  headers: readonly (keyof Row & string)[];
  /** The rows, or a sentence saying which option is wrong (exit code 2). */
  rows: (
    database: Database,
    values: Record<string, unknown>,
    config: Config,
  ) => Promise<Row[] | string>;
  /** The line after a table: how many, of what. */
  summary: (count: number, values: Record<string, unknown>) => string;
};

function table<Row extends Record<string, string>>(
  headers: readonly (keyof Row & string)[],
  rows: Row[],
) {
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => r[h]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [
    line([...headers]),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(headers.map((h) => r[h] ?? ""))),
  ].join("\n");
}

async function list<Row extends Record<string, string>>(listing: Listing<Row>): Promise<number> {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      options: {
        ...listing.options,
        format: { type: "string", default: "table" },
        help: { type: "boolean" },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${listing.usage}`);
    return 2;
  }
  if (values.help) {
    console.log(listing.usage);
    return 0;
  }
  if (values.format !== "csv" && values.format !== "table") {
    console.error(`--format must be csv or table.\n${listing.usage}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const rows = await listing.rows(database, values, config);
    if (typeof rows === "string") {
      console.error(`${rows}\n${listing.usage}`);
      return 2;
    }
    if (values.format === "csv") {
      const cells = rows.map((r) => listing.headers.map((h) => r[h] ?? ""));
      process.stdout.write(csvFile(listing.headers, cells));
    } else {
      if (rows.length > 0) console.log(table(listing.headers, rows));
      console.log(`${rows.length > 0 ? "\n" : ""}${listing.summary(rows.length, values)}`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

/** Runs a staff command to its exit code; a bad setting or a busy data folder is one line. */
export async function runListing<Row extends Record<string, string>>(listing: Listing<Row>) {
  try {
    process.exitCode = await list(listing);
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof FolderInUseError;
    console.error(known ? `${listing.name}: ${error.message}` : error);
    process.exitCode = 1;
  }
}
