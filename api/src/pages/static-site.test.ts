import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSite, MissingBuildError } from "./static-site.ts";

const policy = "default-src 'self'; script-src 'self'; frame-ancestors 'none'";

/** A build folder with one page and the not-found page, and `siteJson` as its site.json. */
function buildWith(siteJson: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), "ysp-site-"));
  mkdirSync(join(dir, "client", "__not-found"), { recursive: true });
  writeFileSync(join(dir, "client", "index.html"), "<!DOCTYPE html><h1>Home</h1>");
  writeFileSync(join(dir, "client", "__not-found", "index.html"), "<!DOCTYPE html><h1>Lost</h1>");
  if (siteJson !== undefined) writeFileSync(join(dir, "site.json"), siteJson);
  return dir;
}

const valid = {
  pages: [
    { path: "/", file: "index.html", contentSecurityPolicy: policy },
    {
      path: "/join",
      file: "index.html",
      contentSecurityPolicy: policy,
      alsoMatches: "^/join/[^/]+/?$",
    },
  ],
  notFound: { file: "__not-found/index.html", contentSecurityPolicy: policy },
  answerFrame: { file: "__not-found/index.html", contentSecurityPolicy: policy },
  permissionsPolicy: "camera=()",
};

describe("loading the built site", () => {
  it("knows the pages, their path patterns and the not-found page from site.json alone", async () => {
    const site = await loadSite(buildWith(JSON.stringify(valid)));
    expect([...site.pages.keys()]).toEqual(["/", "/join"]);
    expect(site.patterns.map(({ match }) => match.test("/join/K7QX9M"))).toEqual([true]);
    expect(site.notFound.identity.body.toString()).toContain("Lost");
    expect(site.notFound.contentSecurityPolicy).toBe(policy);
  });

  it.each([
    ["no site.json", undefined, /^The built site is missing in .*: run `npm run build` first\.$/],
    ["a site.json that is not JSON", "{", /site\.json is not JSON: run `npm run build` again\.$/],
    [
      "a site.json of another shape",
      JSON.stringify({ ...valid, notFound: {} }),
      /site\.json is not what this server reads \(at notFound\.file: .+\): run `npm run build` again\.$/,
    ],
    [
      "a page named in site.json with no file",
      JSON.stringify({
        ...valid,
        pages: [{ path: "/faqs", file: "faqs/index.html", contentSecurityPolicy: policy }],
      }),
      /^The page faqs\/index\.html named in .*site\.json is missing: run `npm run build` again\.$/,
    ],
    [
      "a path pattern that is no regular expression",
      JSON.stringify({ ...valid, pages: [{ ...valid.pages[1], alsoMatches: "(" }] }),
      /site\.json holds a path pattern that is not a regular expression, "\(": run `npm run build` again\.$/,
    ],
  ])("stops with one line on %s", async (_, siteJson, message) => {
    const loading = loadSite(buildWith(siteJson));
    await expect(loading).rejects.toBeInstanceOf(MissingBuildError);
    await expect(loading).rejects.toThrow(message);
    await loading.catch((error: Error) => expect(error.message).not.toContain("\n"));
  });
});
