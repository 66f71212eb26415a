import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";

/** Debian's Prometheus (apt-get install prometheus), which .ci/run installs. */
export const prometheusBinary = "/usr/bin/prometheus";

export const hasPrometheus = () => existsSync(prometheusBinary);

/** One alert as Prometheus's HTTP API lists it. */
export type PrometheusAlert = {
  labels: Record<string, string>;
  state: "pending" | "firing";
};

export type PrometheusServer = {
  url: string;
  /** The value of an instant query's one sample; undefined when it returns none. */
  value: (query: string) => Promise<number | undefined>;
  /** The alerts pending or firing now. */
  alerts: () => Promise<PrometheusAlert[]>;
  stop: () => Promise<void>;
};

/**
 * A real Prometheus on `port`, reading `configFile` and keeping its data in `dataDir`, asked
 * only through its own HTTP API; resolves once it says it is ready.
 */
export async function startPrometheus({
  configFile,
  dataDir,
  port,
}: {
  configFile: string;
  dataDir: string;
  port: number;
}): Promise<PrometheusServer> {
  const child: ChildProcess = spawn(
    prometheusBinary,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${dataDir}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ["ignore", "ignore", "ignore"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/-/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("prometheus was not ready within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const api = async <T>(path: string): Promise<T> => {
    const answer = await fetch(`${url}/api/v1/${path}`);
    const body = (await answer.json()) as { status: string; data: T; error?: string };
    if (body.status !== "success") throw new Error(`prometheus: ${path}: ${body.error}`);
    return body.data;
  };
  return {
    url,
    async value(query) {
      const data = await api<{ result: { value: [number, string] }[] }>(
        `query?query=${encodeURIComponent(query)}`,
      );
      const sample = data.result[0];
      return sample === undefined ? undefined : Number(sample.value[1]);
    },
    alerts: async () => (await api<{ alerts: PrometheusAlert[] }>("alerts")).alerts,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
