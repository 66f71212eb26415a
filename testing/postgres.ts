import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type PostgresServer = {
  url: string;
  /** Stops the server as an administrator would, keeping its data, on its port, for `resume`. */
  halt: () => Promise<void>;
  /** Starts a halted server again on the same data and port. */
  resume: () => Promise<void>;
  /** Stops the server and removes its data. */
  stop: () => Promise<void>;
};

/** The newest PostgreSQL found in Debian's folders, or null. */
export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** Root may not run PostgreSQL; it runs as the postgres user, as Debian sets it up. */
function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ["runuser", ["-u", "postgres", "--", command, ...args]]
    : [command, args];
}

/**
 * Starts a throwaway PostgreSQL server in a temporary folder on a free
 * loopback port, with trust authentication, and removes it all on stop.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("No PostgreSQL binaries under /usr/lib/postgresql");
  const dir = mkdtempSync(join(tmpdir(), "ysp-pg-"));
  chmodSync(dir, 0o777);
  const data = join(dir, "data");
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  const [initCmd, initArgs] = asPostgres(join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--no-sync",
  ]);
  execFileSync(initCmd, initArgs, { stdio: "ignore" });
  const port = await freePort();
  const [cmd, args] = asPostgres(join(bin, "postgres"), [
    "-D",
    data,
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    "-k",
    dir,
    "-c",
    "fsync=off",
    "-c",
    "max_connections=200",
  ]);
  let child = await spawnPostgres(cmd, args);
  /** SIGINT is PostgreSQL's fast shutdown: sessions are ended, work in flight rolled back. */
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (child.pid) process.kill(-child.pid, "SIGINT");
    await exited;
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt,
    resume: async () => {
      if (child.exitCode === null && child.signalCode === null) return;
      child = await spawnPostgres(cmd, args);
    },
    stop: async () => {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the server and resolves once it accepts connections. */
async function spawnPostgres(cmd: string, args: string[]): Promise<ChildProcess> {
  // Its own process group, so a stop reaches postgres itself and not only runuser.
  const child: ChildProcess = spawn(cmd, args, {
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let log = "";
  child.stderr?.on("data", (chunk) => {
    log += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start:\n${log}`)), 30_000);
    const check = () => {
      if (/ready to accept connections/.test(log)) {
        clearTimeout(timer);
        resolve();
      } else if (child.exitCode !== null) {
        clearTimeout(timer);
        reject(new Error(`PostgreSQL exited:\n${log}`));
      } else setTimeout(check, 50);
    };
    check();
  });
  return child;
}
