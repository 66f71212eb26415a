import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";

export type RunningServer = { url: string; stop: () => Promise<number | null> };

/**
 * Starts `node api/src/main.ts` with the given environment and waits until it
 * answers /healthz. It logs as in production (info, a line per request), to
 * `logFile` rather than the terminal.
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  logFile: string,
): Promise<RunningServer> {
  const log = openSync(logFile, "a");
  const child: ChildProcess = spawn(process.execPath, ["api/src/main.ts"], {
    env: { ...process.env, LOG_LEVEL: "info", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", log, "inherit"],
  });
  closeSync(log);
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
    stop: async () => {
      if (child.exitCode !== null) return child.exitCode;
      const exited = new Promise<number | null>((resolve) =>
        child.once("exit", (code) => resolve(code)),
      );
      child.kill("SIGTERM");
      return exited;
    },
  };
}
