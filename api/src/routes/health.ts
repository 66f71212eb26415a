import {
  apiErrorBodySchema,
  type Health,
  healthSchema,
  type Readiness,
  readinessSchema,
} from "@ysp/contract";
import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../db/client.ts";
import { zodResponse } from "../http/validation.ts";

/**
 * For a load balancer: /healthz says the process answers, /readyz that it can reach its
 * database. Probes for operators (docs/deploy.md), kept out of the API's document, which
 * describes what a client of the API is generated from.
 */
export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get<{ Reply: Health }>(
    "/healthz",
    {
      logLevel: "warn",
      schema: {
        hide: true,
        response: {
          200: zodResponse(healthSchema),
          // An instance that is stopping answers every request in the error shape.
          503: zodResponse(apiErrorBodySchema),
        },
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
        hide: true,
        response: {
          200: readiness,
          503: { anyOf: [readiness, zodResponse(apiErrorBodySchema)] },
        },
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
