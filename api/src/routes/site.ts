import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../http/errors.ts";
import { decodeURIComponentSafe, sendFile } from "../pages/send-file.ts";
import type { SiteFiles } from "../pages/static-site.ts";

/** A page path without its trailing slash; "/" stays "/". */
const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

const apiMethods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** The methods an API route answers, for a 405's Allow header; none for a path that is no route. */
function allowedMethods(app: FastifyInstance, path: string): string[] {
  // Every path matches this plugin's own catch-all routes, which capture a "*" parameter.
  const allowed = apiMethods.filter((method) => {
    const route = app.findRoute({ method, url: path });
    return route !== null && !("*" in route.params);
  });
  return allowed.includes("GET") ? [...allowed, "HEAD"] : allowed;
}

const noRoute = (reply: FastifyReply, path: string) =>
  sendError(reply, { status: 404, code: "not_found", detail: `No route matches URL "${path}"` });

function methodNotAllowed(request: FastifyRequest, reply: FastifyReply, allow: readonly string[]) {
  const path = request.url.split("?")[0] ?? "/";
  reply.header("Allow", allow.join(", "));
  return sendError(reply, {
    status: 405,
    code: "method_not_allowed",
    detail: `Method ${request.method} is not allowed on "${path}".`,
  });
}

/**
 * Serves the prerendered site as the build lists it (build/site.json): each
 * page from its HTML file, a path with parameters (`/join/<code>`) with its
 * page, files by exact path, and the not-found page with a
 * real 404 for anything else. Only GET and HEAD read pages.
 */
export const siteRoutes: FastifyPluginAsync<{ site: SiteFiles }> = async (app, { site }) => {
  app.get("/*", { logLevel: "warn" }, async (request, reply) => {
    const raw = request.url.split("?")[0] ?? "/";
    const path = decodeURIComponentSafe(raw);
    const file = site.files.get(path);
    if (file) return sendFile(request, reply, file);
    const page =
      site.pages.get(normalise(path)) ??
      // Matched before decoding: an encoded slash belongs to the code, as the browser's router sees it.
      site.patterns.find(({ match }) => match.test(raw))?.page;
    if (page) return sendFile(request, reply, page);
    const allowed = allowedMethods(app, raw);
    if (allowed.length > 0) return methodNotAllowed(request, reply, allowed);
    if (isApi(path)) return noRoute(reply, path);
    return sendFile(request, reply, site.notFound, { status: 404 });
  });

  /**
   * A method no route takes on this path: 405 with what it does take (a page: GET and HEAD, and
   * POST where its form posts to it), or 404 for no API route.
   */
  const refuse = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "/";
    const allowed = allowedMethods(app, path);
    if (site.pages.has(normalise(path)))
      return methodNotAllowed(request, reply, [...new Set(["GET", "HEAD", ...allowed])]);
    if (allowed.length > 0) return methodNotAllowed(request, reply, allowed);
    if (isApi(path)) return noRoute(reply, path);
    return methodNotAllowed(request, reply, ["GET", "HEAD"]);
  };
  app.route({
    method: ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
    url: "/*",
    // Answered on arrival, before the body is read: a 415 or 413 for a body that no route
    // would take tells a client to change the body when it is the method that is wrong.
    onRequest: refuse,
    handler: refuse,
  });
};
