import type { FastifyPluginAsync } from "fastify";
import { apiDocsPolicy } from "../openapi/api-docs/policy.ts";
import { sendFile } from "../pages/send-file.ts";
import type { PageFile, SiteFiles } from "../pages/static-site.ts";

/** Where the API reference is served, and where the build writes it among the site's files. */
export const apiDocsPath = "/api/docs";

/**
 * The API reference, rendered from the OpenAPI document at build time (api/src/openapi/api-docs/build.ts),
 * sent as the site's pages are, with its own Content-Security-Policy. A build without it (the
 * tests' fixture site) gets no route: /api/docs is then an unknown API path, and the site's
 * routes answer 404 as they do for any other.
 */
export const apiDocsRoutes: FastifyPluginAsync<{ site: SiteFiles }> = async (app, { site }) => {
  const built = site.files.get(apiDocsPath);
  if (!built) return;
  const page: PageFile = {
    ...built,
    type: "text/html; charset=utf-8",
    contentSecurityPolicy: apiDocsPolicy(built.identity.body.toString("utf8")),
  };
  app.get(apiDocsPath, { schema: { hide: true } }, async (request, reply) =>
    sendFile(request, reply, page),
  );
};
