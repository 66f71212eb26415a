import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { type FormRoutes, formPostRoute } from "./form-routes.ts";
import type { SiteFiles } from "./static-site.ts";

/** The site's pages as the routing reads them: /faqs, and /join with its invite links. */
const site = {
  pages: new Map([
    ["/faqs", {}],
    ["/join", {}],
  ]),
  patterns: [{ match: /^\/join\/[^/]+\/?$/, path: "/join", page: {} }],
} as unknown as Pick<SiteFiles, "pages" | "patterns">;
const routes: FormRoutes = new Map([
  ["sign-up", "/api/v1/auth/signup/"],
  ["newsletter", "/api/v1/newsletter/"],
]);
const route = formPostRoute(site, routes);

const request = (
  url: string,
  { method = "POST", type = "application/x-www-form-urlencoded" } = {},
) => ({ url, method, headers: { "content-type": type } }) as unknown as IncomingMessage;

describe("a form posted to its page", () => {
  it.each([
    ["/join?form=sign-up", "/api/v1/auth/signup/"],
    ["/join/K7QX9M?form=sign-up", "/api/v1/auth/signup/"],
    ["/faqs?form=newsletter", "/api/v1/newsletter/"],
    ["/faqs?source=x&form=newsletter", "/api/v1/newsletter/"],
  ])("goes from %s to the route that answers it, %s", (url, answeredBy) => {
    expect(route(request(url))).toBe(answeredBy);
  });

  it.each([
    ["a page's own form, which names none", "/verify-email?token=abc"],
    ["a form no route answers", "/faqs?form=nothing"],
    ["a name written differently", "/faqs?form=Sign-Up"],
    ["an address that is no page", "/no-such-page?form=sign-up"],
    ["the API's own address", "/api/v1/newsletter/?form=sign-up"],
  ])("leaves %s where it is", (_name, url) => {
    expect(route(request(url))).toBe(url);
  });

  it("leaves anything but a plain form's post alone: JSON, a GET", () => {
    expect(route(request("/join?form=sign-up", { type: "application/json" }))).toBe(
      "/join?form=sign-up",
    );
    expect(route(request("/join?form=sign-up", { method: "GET" }))).toBe("/join?form=sign-up");
  });
});
