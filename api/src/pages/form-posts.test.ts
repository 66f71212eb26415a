import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { appOnDatabase, formHeaders, pgliteForFile } from "../../test/harness.ts";

// The fixture site's pages are / and /join (and /join/<code>).
const suite = appOnDatabase(pgliteForFile());

/** The href of the answer page's way back, whatever else the page around it links to. */
const linkOf = (body: string) =>
  /<a [^>]*href="([^"]*)"[^>]*>Back to the (?:form|page you were on)<\/a>/.exec(body)?.[1];

/** A form post the API refuses (an address that is none), from a page the Referer names. */
const refusedFrom = (app: FastifyInstance, referer: string, url = "/api/v1/auth/password-reset/") =>
  app.inject({
    method: "POST",
    url,
    payload: "email=not-an-address",
    headers: { ...formHeaders, referer },
  });

describe("the way back from an answer page", () => {
  it.each([
    ["a path that a browser reads as another host", "http://localhost//2130706433/phish"],
    ["a backslash, which a browser reads as a slash", "http://localhost/\\evil.example"],
    ["another site's address", "https://evil.example/"],
    ["an encoded double slash", "http://localhost/%2F%2Fevil"],
    ["a long path", `http://localhost/${"a/".repeat(99)}`],
    ["a path no page has", "http://localhost/no-such-page"],
    ["no address at all", "//2130706433/phish"],
  ])("never leads off the site by the Referer: %s leads home", async (_name, referer) => {
    const answer = await refusedFrom(suite.app, referer);
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("Back to the form");
    expect(linkOf(answer.body)).toBe("/");
  });

  it.each([
    ["http://localhost/join", "/join"],
    ["http://localhost/join/", "/join"],
    ["http://localhost/join/K7QX9M?from=friend", "/join"],
    ["http://localhost/", "/"],
  ])("leads back to the site's page the Referer names: %s", async (referer, page) => {
    const answer = await refusedFrom(suite.app, referer, "/api/v1/auth/signup/");
    expect(answer.statusCode).toBe(400);
    expect(linkOf(answer.body)).toBe(page);
  });

  it("takes the newsletter's way back from its form's field, among the site's pages only", async () => {
    for (const [source, page] of [
      ["/join", "/join"],
      ["//evil.example", "/"],
      ["/\\evil.example", "/"],
    ]) {
      const answer = await suite.app.inject({
        method: "POST",
        url: "/api/v1/newsletter/",
        payload: new URLSearchParams({ email: "not-an-address", source: source ?? "" }).toString(),
        headers: formHeaders,
      });
      expect(answer.statusCode).toBe(400);
      expect(linkOf(answer.body), source).toBe(page);
    }
  });
});
