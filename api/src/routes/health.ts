import { type Health, healthSchema, type Readiness, readinessSchema } from "@ysp/contract";
import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../db/client.ts";
import { zodResponse } from "../route-schemas.ts";

/** For a load balancer: /healthz says the process answers, /readyz that it can reach its database. */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get<{ Reply: Health }>(
    "/healthz",
    {
      logLevel: "warn",
      schema: {
        summary: "Whether the process answers",
        tags: ["health"],
        response: { 200: zodResponse(healthSchema) },
      },
    },
    async () => ({ status: "ok" }),
  );
  const readiness = zodResponse(readinessSchema);
  app.get<{ Reply: Readiness }>(
    "/readyz",
    {
      logLevel: "warn",
      schema: {
        summary: "Whether the process can reach its database",
        tags: ["health"],
        response: { 200: readiness, 503: readiness },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return { status: "ready", database: database.kind };
      } catch (error) {
        request.log.error({ err: error }, "database not reachable");
        return reply.code(503).send({ status: "unavailable", database: database.kind });
      }
    },
  );
};
