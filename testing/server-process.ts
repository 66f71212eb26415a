import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { readFile } from "node:fs/promises";

export type ServerProcess = {
  url: string;
  pid: number;
  /** SIGTERM, then the exit code once the server has finished what it was doing. */
  stop: () => Promise<number | null>;
  /** SIGKILL: the server gets no chance to finish anything, as in a power cut. */
  kill: () => Promise<void>;
  /** Resident memory of the server process, threads included, in bytes. */
  rss: () => Promise<number>;
};

export type ServerOptions = {
  /** The server's entry file: the API's `main.ts`, which its own tests and the bench each locate. */
  entry: string;
  env: Record<string, string>;
  port: number;
  /** Where the server's info log (a line per request) goes, rather than the terminal. */
  logFile: string;
};

/**
 * Starts `node <entry>` as production does, with the given environment, and
 * waits until it answers /healthz.
 */
export async function startServer({
  entry,
  env,
  port,
  logFile,
}: ServerOptions): Promise<ServerProcess> {
  const log = openSync(logFile, "a");
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: { ...process.env, LOG_LEVEL: "info", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", log, "inherit"],
  });
  closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error("the server process did not start");
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not answer /healthz within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    rss: async () => {
      const status = await readFile(`/proc/${pid}/status`, "utf8");
      const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
      if (!kib) throw new Error(`no VmRSS for process ${pid}`);
      return Number(kib) * 1024;
    },
  };
}

/** Rate limits high enough that load from one address measures the server, not the limiter. */
export const raisedLimits: Record<string, string> = Object.fromEntries(
  ["SIGNUP", "LOGIN", "LOGIN_EMAIL", "REFRESH", "NEWSLETTER", "MAIL", "MAIL_ADDRESS"].map(
    (name) => [`RATE_LIMIT_${name}`, "10000000"],
  ),
);
