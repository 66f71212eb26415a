/**
 * Starts the real server for the browser tests: on a throwaway PostgreSQL
 * server when this machine has one (so the specs can look in the database),
 * otherwise on embedded PGlite, sending its mail to a real SMTP server on
 * localhost, and with Google sign-in against a real OpenID Provider on localhost. Writes the
 * database URL, the provider's address and every message received (one JSON
 * file each, in the inbox folder: see inbox.ts) for the specs, and stops
 * everything on SIGTERM.
 */
import { spawn } from "node:child_process";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { googleSignIn } from "@ysp/contract";
import { startOpenIdProvider } from "@ysp/testing/openid-provider";
import { postgresBinDir, startPostgres } from "@ysp/testing/postgres";
import { startSmtpServer } from "@ysp/testing/smtp";
import { inboxDir } from "./inbox.ts";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR must be set for the browser-test server");

const postgres = postgresBinDir() ? await startPostgres() : null;
if (!postgres)
  console.log(
    "PostgreSQL binaries not found: browser tests run on PGlite and skip database checks.",
  );
writeFileSync(join(dataDir, "database-url"), postgres?.url ?? "");

const inbox = inboxDir(dataDir);
mkdirSync(inbox, { recursive: true });
const smtp = await startSmtpServer();
let written = 0;
// The SMTP server keeps what it receives in this process; the specs run in others.
const copyOut = setInterval(() => {
  for (const { raw: _raw, headers: _headers, ...mail } of smtp.received.slice(written)) {
    // Written whole, then renamed: a spec reading the folder never sees half a file.
    const file = join(inbox, `${String(written++).padStart(6, "0")}.json`);
    writeFileSync(`${file}.part`, JSON.stringify(mail));
    renameSync(`${file}.part`, file);
  }
}, 50);

// Google stands in as a real OpenID Provider on localhost; the specs say who signs in (google.ts).
const publicUrl = `http://127.0.0.1:${process.env.PORT}`;
const google = await startOpenIdProvider({
  redirectUris: [`${publicUrl}${googleSignIn.callback}`],
});
writeFileSync(join(dataDir, "openid-provider"), google.issuer);

const server = spawn(process.execPath, ["api/src/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    // The address the browser uses: the provider sends it back there, with its cookie.
    PUBLIC_URL: publicUrl,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.issuer,
    SMTP_URL: smtp.url,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  },
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
  clearInterval(copyOut);
  await smtp.close();
  await google.close();
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
