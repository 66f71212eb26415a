import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ConfigError } from "../config.ts";
import type { Metrics } from "./metrics.ts";

export type MetricsListener = { port: number; close: () => Promise<void> };

/**
 * `GET /metrics` for Prometheus on an address of its own (METRICS_HOST:METRICS_PORT), never on
 * the site's port: the numbers are for whoever runs the service, and nginx does not pass them
 * on (docs/deploy.md). A plain node:http server, so a scrape neither shows in the request log
 * nor counts in the request histogram it reports.
 */
export async function listenForMetrics(
  metrics: Metrics,
  { host, port }: { host: string; port: number },
  log: { error: (fields: Record<string, unknown>, line: string) => void },
): Promise<MetricsListener> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== "/metrics" || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
      response.end("Not found: Prometheus's numbers are at /metrics\n");
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { "content-type": metrics.registry.contentType });
        response.end(request.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        log.error({ err: error }, "metrics: could not collect them");
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        response.end("The metrics could not be collected; the server's log says why\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new ConfigError(
              `METRICS_PORT ${port} is already in use on ${host}; stop the other server or choose another METRICS_PORT`,
            )
          : error.code === "EADDRNOTAVAIL" || error.code === "ENOTFOUND"
            ? new ConfigError(
                `METRICS_HOST ${host} is not an address of this machine; use 127.0.0.1 or this machine's private address`,
              )
            : error.code === "EACCES"
              ? new ConfigError(
                  `METRICS_PORT ${port} needs privileges this process does not have; choose a METRICS_PORT above 1023`,
                )
              : error,
      ),
    );
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
