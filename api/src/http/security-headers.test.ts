import { accountPages, dataRightsPages } from "@ysp/contract";
import { staffPages } from "@ysp/contract/staff";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import {
  appOnDatabase,
  builtPagePaths,
  builtSite,
  databaseOn,
  hasBuild,
  makeApp,
  pgliteForFile,
  testPublicUrl,
} from "../../test/harness.ts";
import { isOpenerIsolated, openerIsolatedPages } from "./security-headers.ts";

const suite = databaseOn(pgliteForFile());

/** A page, a file, an API answer, an API refusal and a page that is not there. */
const requests: InjectOptions[] = [
  { url: "/" },
  { url: "/favicon.svg" },
  { url: "/healthz" },
  { url: "/api/v1/auth/me/" },
  { url: "/no/such/page" },
];

describe("Strict-Transport-Security", () => {
  it("is on every answer when PUBLIC_URL is https, however the request reached the app", async () => {
    expect(testPublicUrl).toMatch(/^https:/);
    const app = await makeApp(suite.database);
    try {
      for (const request of requests) {
        const answer = await app.inject(request);
        expect(answer.headers["strict-transport-security"], request.url as string).toBe(
          "max-age=63072000; includeSubDomains",
        );
      }
    } finally {
      await app.close();
    }
  });

  it("is never sent when PUBLIC_URL is http, even to a proxy that says https", async () => {
    const app = await makeApp(suite.database, {
      publicUrl: "http://localhost:3000",
      trustProxy: true,
    });
    try {
      for (const request of requests) {
        const answer = await app.inject({
          ...request,
          headers: { "x-forwarded-proto": "https" },
        });
        expect(answer.headers["strict-transport-security"], request.url as string).toBeUndefined();
      }
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!hasBuild())("Cross-Origin-Opener-Policy", () => {
  const suite = appOnDatabase(pgliteForFile(), { site: builtSite });
  const opener = async (url: string) =>
    (await suite.app.inject({ url })).headers["cross-origin-opener-policy"];

  it.each([...openerIsolatedPages, staffPages.login, staffPages.enrol])(
    "is same-origin on %s, with a token, a trailing slash or a letter escaped",
    async (path) => {
      const escaped = path.replace(
        /^\/(.)/,
        (_, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`,
      );
      for (const url of [path, `${path}?token=abc`, `${path}/`, escaped]) {
        const answer = await suite.app.inject({ url });
        expect(answer.headers["content-type"], url).toMatch(/^text\/html/);
        expect(answer.headers["cross-origin-opener-policy"], url).toBe("same-origin");
      }
    },
  );

  it("is sent on no other page, and on nothing that is not a page", async () => {
    const others = builtPagePaths().filter((path) => !isOpenerIsolated(path));
    expect(others).toEqual(expect.arrayContaining(["/", "/faqs", "/join", "/login"]));
    for (const url of [
      ...others,
      "/join/K7QX9M",
      "/no/such/page",
      "/favicon.svg",
      "/api/v1/auth/me/",
    ])
      expect(await opener(url), url).toBeUndefined();
  });

  it("is on every page a mailed link opens with its token, and every page written for one person", async () => {
    const { pages } = await builtSite();
    // A page whose address carries a token tells the browser to send no Referer (seo.ts
    // linkPageMeta). The refusal's "Are you sure?" is sent at /guardian-consent's address, token
    // and all; at its own it holds none.
    const linkPages = [...pages]
      .filter(([, page]) =>
        page.identity.body.includes('<meta name="referrer" content="no-referrer"'),
      )
      .map(([path]) => path)
      // The frames the server writes into are never opened at their own address.
      .filter((path) => path !== dataRightsPages.guardianConsentRefuse && !path.startsWith("/__"));
    // /join writes back only the invite code its own address shows, which is no one's details.
    const writtenForOne = [...suite.app.formPages.personal.keys()].filter(
      (path) => path !== accountPages.join,
    );
    expect(linkPages.length).toBeGreaterThan(0);
    for (const path of [...linkPages, ...writtenForOne])
      expect(isOpenerIsolated(path), path).toBe(true);
  });
});
