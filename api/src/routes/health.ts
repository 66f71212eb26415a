import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../db/client.ts";

/** For a load balancer: /healthz says the process answers, /readyz that it can reach its database. */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get("/healthz", { logLevel: "warn" }, async () => ({ status: "ok" }));
  app.get("/readyz", { logLevel: "warn" }, async (request, reply) => {
    try {
      await database.ping();
      return { status: "ready", database: database.kind };
    } catch (error) {
      request.log.error({ err: error }, "database not reachable");
      return reply.code(503).send({ status: "unavailable", database: database.kind });
    }
  });
};
