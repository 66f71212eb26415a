import type { IncomingMessage } from "node:http";
import { type FormName, formNames, formParameter } from "@ysp/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { builtPagePath, type SiteFiles } from "./static-site.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The site's form this route answers when the form is posted to its page (formPostRoute). */
    form?: FormName;
  }
}

/**
 * Which route answers a page's form. Each form posts to its own page's address, naming itself
 * (contract's form-actions.ts); the route of that name answers it there, so whatever the answer,
 * the browser is still at the page. docs/decisions/031-forms-answer-at-their-page.md says why.
 */

/** A plain HTML form's body, as a browser posts it. */
export const formType = "application/x-www-form-urlencoded";

/** The route of each of the site's forms, by name, as the routes are registered. */
export type FormRoutes = Map<FormName, string>;

/**
 * Each route that says it answers a form (`config.form`) is where that form's posts go: found
 * as the routes are added, and every form of contract's list must have one by the time the
 * server is ready, or a page would post to nothing.
 */
export function findFormRoutes(app: FastifyInstance, routes: FormRoutes) {
  app.addHook("onRoute", (route) => {
    const name = route.config?.form;
    if (name) routes.set(name, route.url);
  });
  app.addHook("onReady", async () => {
    const missing = formNames.filter((name) => !routes.has(name));
    if (missing.length > 0) throw new Error(`No route answers the form(s) ${missing.join(", ")}`);
  });
}

const formParameterPattern = new RegExp(`(?:^|&)${formParameter}=([^&]*)`);

/** The form a query names (`form=<name>`), when it names one of the site's. */
function formNamed(query: string): FormName | undefined {
  const name = formParameterPattern.exec(query)?.[1];
  return formNames.find((known) => known === name);
}

/**
 * Fastify's `rewriteUrl`: a plain form post to a page of the site that names its form
 * (`/join/K7QX9M?form=sign-up`) is routed to the route that answers that form, before anything
 * else sees it; every other request keeps its URL. The request's `originalUrl` stays the page's,
 * and the answer goes to that address: a refusal is the page again, where the student was.
 */
export function formPostRoute(site: Pick<SiteFiles, "pages" | "patterns">, routes: FormRoutes) {
  return (request: IncomingMessage): string => {
    const url = request.url ?? "/";
    if (request.method !== "POST" || !request.headers["content-type"]?.startsWith(formType))
      return url;
    const [path = "/", query = ""] = url.split("?");
    const name = formNamed(query);
    const route = name && routes.get(name);
    if (!route || path.startsWith("/api/") || !builtPagePath(site, path)) return url;
    return route;
  };
}

/** The form a page posted to its own address, by name; none for a post to the API's. */
export function postedForm(request: FastifyRequest): FormName | undefined {
  if (request.originalUrl === request.url) return undefined;
  return formNamed(request.originalUrl.split("?")[1] ?? "");
}

/** The address the browser posted to, without the form's name: a page's, query and all. */
export function postedAddress(request: FastifyRequest): string {
  const [path = "/", query] = request.originalUrl.split("?");
  if (query === undefined || !postedForm(request)) return request.originalUrl;
  const rest = query
    .split("&")
    .filter((pair) => !pair.startsWith(`${formParameter}=`))
    .join("&");
  return rest ? `${path}?${rest}` : path;
}
