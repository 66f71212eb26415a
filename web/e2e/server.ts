/**
 * Starts the real server for the browser tests: on a throwaway PostgreSQL
 * server when this machine has one (so the specs can look in the database),
 * otherwise on embedded PGlite. Writes the database URL for the specs and
 * stops everything on SIGTERM.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { postgresBinDir, startPostgres } from "@ysp/testing/postgres";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR must be set for the browser-test server");

const postgres = postgresBinDir() ? await startPostgres() : null;
if (!postgres)
  console.log(
    "PostgreSQL binaries not found: browser tests run on PGlite and skip database checks.",
  );
writeFileSync(join(dataDir, "database-url"), postgres?.url ?? "");

const server = spawn(process.execPath, ["api/src/main.ts"], {
  stdio: "inherit",
  env: { ...process.env, ...(postgres ? { DATABASE_URL: postgres.url } : {}) },
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  await postgres?.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  if (!stopping) {
    console.error(`the server exited with code ${code}`);
    void postgres?.stop().finally(() => process.exit(1));
  }
});
