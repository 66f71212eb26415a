import type { FastifyInstance } from "fastify";

/** Sets the security headers on every answer: pages, files, API JSON and errors alike. */
export function registerSecurityHeaders(
  app: FastifyInstance,
  policies: { contentSecurityPolicy: string; permissionsPolicy: string },
) {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("Content-Security-Policy", policies.contentSecurityPolicy);
    reply.header("Permissions-Policy", policies.permissionsPolicy);
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("X-Frame-Options", "DENY");
    reply.header("Cross-Origin-Opener-Policy", "same-origin");
    if (request.protocol === "https") {
      reply.header("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    }
  });
}
