import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { FolderInUseError } from "./db/folder-lock.ts";
import { readBuildInfo } from "./ops/build-info.ts";
import { createMetrics } from "./ops/metrics.ts";
import { listenForMetrics, type MetricsListener } from "./ops/metrics-listener.ts";
import { loadSite, MissingBuildError } from "./pages/static-site.ts";
import { buildServer } from "./server.ts";

/** listen() fails on a HOST or PORT that cannot be used; name the variable, as config.ts does. */
function listenError(error: unknown, { host, port }: Config): unknown {
  switch ((error as NodeJS.ErrnoException).code) {
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new ConfigError(
        `HOST "${host}" is not a name this machine can resolve; use an IP address such as 0.0.0.0`,
      );
    case "EADDRNOTAVAIL":
      return new ConfigError(
        `HOST ${host} is not an address of this machine; use 0.0.0.0 to listen on all of them`,
      );
    case "EADDRINUSE":
      return new ConfigError(
        `PORT ${port} is already in use on ${host}; stop the other server or choose another PORT`,
      );
    case "EACCES":
      return new ConfigError(
        `PORT ${port} needs privileges this process does not have; choose a PORT above 1023`,
      );
    default:
      return error;
  }
}

async function main() {
  const config = loadConfig();
  const site = await loadSite(config.webBuildDir);
  const database = await openDatabase(config.database);
  const metrics = createMetrics({ processMetrics: true, build: readBuildInfo() });
  const app = await buildServer({ config, database, site, mail: config.mail, metrics });
  let metricsListener: MetricsListener | undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "stopping: finishing requests in flight");
    try {
      await metricsListener?.close();
      await app.close();
      await database.close();
      app.log.info("stopped");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "could not stop cleanly");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  try {
    if (config.metrics) metricsListener = await listenForMetrics(metrics, config.metrics, app.log);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await metricsListener?.close();
    await app.close();
    await database.close();
    throw listenError(error, config);
  }
  const shown =
    config.host === "127.0.0.1" || config.host === "0.0.0.0" ? "localhost" : config.host;
  app.log.info(`YSP is serving at http://${shown}:${config.port} (database: ${database.kind})`);
  if (config.metrics)
    app.log.info(
      `Prometheus metrics at http://${config.metrics.host}:${config.metrics.port}/metrics`,
    );
}

try {
  await main();
} catch (error) {
  if (
    error instanceof ConfigError ||
    error instanceof MissingBuildError ||
    error instanceof FolderInUseError
  ) {
    console.error(`ysp: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
}
