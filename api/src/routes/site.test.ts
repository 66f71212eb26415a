import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import {
  accountPages,
  answerPages,
  dataRightsPages,
  emailChangePages,
  googleSignIn,
} from "@ysp/contract";
import { staffPages } from "@ysp/contract/staff";
import { describe, expect, it } from "vitest";
import { expectErrorShape, expectSecurityHeaders } from "../../test/expectations.ts";
import {
  appOnDatabase,
  builtPagePaths,
  builtSite,
  formHeaders,
  hasBuild,
  pgliteForFile,
} from "../../test/harness.ts";
import { withoutHidden } from "../../test/html.ts";

/**
 * The pages that take their own form's post, and so answer POST: those a mail link opens, the
 * two the browser that has just signed up uses (a new link, a corrected address), and every
 * data-rights page but the one that lists what the others do. Written out here, apart from the
 * routes, so a route added or lost on a page is caught.
 */
const formPostPages: readonly string[] = [
  accountPages.verifyEmail,
  accountPages.resetPassword,
  accountPages.signedUp,
  accountPages.correctEmail,
  emailChangePages.confirm,
  emailChangePages.undo,
  googleSignIn.linkPage,
  googleSignIn.namePage,
  // The refusal's "Are you sure?" page is the answer to a post to /guardian-consent, and its
  // form posts there again, not to its own address.
  ...Object.values(dataRightsPages).filter(
    (path) =>
      path !== dataRightsPages.manageYourData &&
      path !== dataRightsPages.viewYourData &&
      path !== dataRightsPages.guardianConsentRefuse,
  ),
];

/**
 * The pages written for the data session a request carries (your-data-pages.ts): never stored,
 * with a session or without, since one address answers for both.
 */
const personalPages: readonly string[] = [
  dataRightsPages.manageYourData,
  dataRightsPages.viewYourData,
  accountPages.emailConfirmed,
  answerPages.guardianAsked,
  answerPages.guardianAskedOnConfirm,
  // The staff area's, which no browser or proxy keeps either.
  staffPages.login,
  staffPages.enrol,
];

/** The hashes a page's Content-Security-Policy allows in one directive. */
const allowed = (response: { headers: Record<string, unknown> }, directive: string) =>
  new Set(
    String(response.headers["content-security-policy"])
      .split(";")
      .find((d) => d.trim().startsWith(directive))
      ?.match(/'sha256-[^']+'/g),
  );

/** The hashes of a page's inline scripts or styles: the ones the browser runs (no src, no JSON-LD). */
function inlineHashes(html: string, tag: "script" | "style"): Set<string> {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(
    new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, "g"),
  )) {
    if (/src=|application\/ld\+json/.test(attributes ?? "")) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(body ?? "")
        .digest("base64")}'`,
    );
  }
  return hashes;
}

// About serving the real build: its pages, their policies, its precompressed files.
describe.skipIf(!hasBuild())("the built site", () => {
  const suite = appOnDatabase(pgliteForFile(), { site: builtSite });
  /** Every page the build lists in its site.json. */
  const pages = builtPagePaths();

  it.each(pages)("serves %s as HTML with revalidation and security headers", async (path) => {
    const response = await suite.app.inject({ url: path });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe(
      personalPages.includes(path) ? "no-store" : "no-cache",
    );
    expect(response.body).toContain("<!DOCTYPE html>");
    expectSecurityHeaders(response, path);
  });

  it("lets each page run its own inline scripts and no others", async () => {
    for (const path of [...pages, "/join/K7QX9M", "/missing"]) {
      const response = await suite.app.inject({ url: path });
      const own = inlineHashes(response.body, "script");
      expect(own.size, path).toBeGreaterThan(0);
      expect(allowed(response, "script-src"), path).toEqual(own);
    }
  });

  it("answers a refused form post in the site's frame, running its own scripts and no others", async () => {
    const response = await suite.app.inject({
      method: "POST",
      url: "/verify-email?token=abc",
      headers: formHeaders,
      payload: "",
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).not.toMatch(/<script[^>]*\bsrc=/i);
    // The site's header and footer around the answer, as on every page of the site.
    expect(response.body).toMatch(/<header[\s>]/);
    expect(response.body).toMatch(/<footer[\s>]/);
    expect(inlineHashes(response.body, "script").size).toBeGreaterThan(0);
    expect(allowed(response, "script-src")).toEqual(inlineHashes(response.body, "script"));
  });

  it.each([
    ["/forgot-password", "password-link", "forgot-email"],
    ["/your-data", "data-link", "data-email"],
    ["/verify-email", "confirmation-link", "resend-email"],
    ["/signed-up", "confirmation-link", "resend-email"],
  ])(
    "answers a refused form on %s with the page again, at its address, the address kept",
    async (at, form, id) => {
      const response = await suite.app.inject({
        method: "POST",
        url: `${at}?form=${form}`,
        headers: formHeaders,
        payload: "email=ada%40example%20.ng",
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers["cache-control"]).toBe("no-store");
      expect(response.body).toContain(`<link rel="canonical" href="https://ysp.ng${at}"`);
      const input = new RegExp(`<input [^>]*id="${id}"[^>]*>`).exec(response.body)?.[0] ?? "";
      expect(input).toContain('value="ada@example .ng"');
      expect(input).toContain('aria-invalid="true"');
      expect(input).toContain(`aria-describedby="${id}-error"`);
      expect(response.body).toMatch(
        new RegExp(`<p id="${id}-error" class="field-error">[^<]+</p>`),
      );
      expect(response.body).toContain(`<li><a href="#${id}">`);
      expect(allowed(response, "script-src")).toEqual(inlineHashes(response.body, "script"));
    },
  );

  it.each(["/join/K7QX9M", "/join/k7qx9m/", "/join/%3Cscript%3Ealert(1)%3C%2Fscript%3E"])(
    "serves the sign-up page for %s",
    async (path) => {
      const response = await suite.app.inject({ url: path });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("Welcome to YSP");
      expect(response.body).not.toContain("<script>alert(1)");
    },
  );

  it.each([
    "/nope",
    "/no/such/page",
    "/about-us/extra",
    "/join/a/b",
    "/__not-found",
    "/__spa-fallback.html",
    "/index.html.br",
  ])("answers %s with 404 and the not-found page", async (path) => {
    const response = await suite.app.inject({ url: path });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain("Oops.. It Seems you lost your way");
    expectSecurityHeaders(response, path);
  });

  it("answers unknown API paths with JSON in the error shape", async () => {
    const response = await suite.app.inject({ url: "/api/v1/nope" });
    expect(response.statusCode).toBe(404);
    expectSecurityHeaders(response, "/api/v1/nope");
    expect(response.json()).toEqual({
      type: "client_error",
      errors: [{ code: "not_found", detail: 'No route matches URL "/api/v1/nope"', attr: null }],
    });
  });

  it.each([
    ["POST", "/faqs"],
    ["PUT", "/faqs"],
    ["DELETE", "/faqs"],
    ["PATCH", "/faqs"],
    ["DELETE", "/"],
  ] as const)("answers %s %s with 405 and the methods a page allows", async (method, url) => {
    const response = await suite.app.inject({ method, url });
    expectErrorShape(response, 405, `${method} ${url}`);
    expect(response.headers.allow).toBe("GET, HEAD");
    expect(response.json().errors[0].code).toBe("method_not_allowed");
    expectSecurityHeaders(response, `${method} ${url}`);
  });

  const bodies = {
    "no body": {},
    "plain text": { payload: "hello", headers: { "content-type": "text/plain" } },
    "a form": {
      payload: "email=a%40b.ng",
      headers: formHeaders,
    },
    JSON: { payload: { email: "a@b.ng" } },
    "17 KB of JSON": {
      payload: JSON.stringify({ x: "x".repeat(17_000) }),
      headers: { "content-type": "application/json" },
    },
  };
  it.each(
    [...builtPagePaths(), "/join/ABC123", "/nope"].flatMap((url) =>
      ["POST", "PUT", "PATCH", "DELETE"]
        .filter((method) => method !== "POST" || !formPostPages.includes(url))
        .map((method) => [method, url] as const),
    ),
  )("answers %s %s with 405 whatever the body, before reading it", async (method, url) => {
    for (const [what, body] of Object.entries(bodies)) {
      const response = await suite.app.inject({ method, url, ...body });
      expectErrorShape(response, 405, `${method} ${url} with ${what}`);
      expect(response.headers.allow, what).toBe(
        formPostPages.includes(url) ? "GET, HEAD, POST" : "GET, HEAD",
      );
    }
  });

  it("judges an API route's method before its body, and a body it does not take after", async () => {
    const plain = { payload: "hello", headers: { "content-type": "text/plain" } };
    const wrongMethod = await suite.app.inject({
      method: "PUT",
      url: "/api/v1/auth/login/",
      ...plain,
    });
    expectErrorShape(wrongMethod, 405);
    expect(wrongMethod.headers.allow).toBe("POST");
    expectErrorShape(
      await suite.app.inject({ method: "POST", url: "/api/v1/nope", ...plain }),
      404,
    );
    expectErrorShape(
      await suite.app.inject({ method: "POST", url: "/api/v1/auth/login/", ...plain }),
      415,
    );
  });

  it("answers HEAD without a body", async () => {
    const response = await suite.app.inject({ method: "HEAD", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe("");
  });

  it("sends brotli, gzip or plain by Accept-Encoding, all the same page", async () => {
    const plain = await suite.app.inject({
      url: "/faqs",
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await suite.app.inject({
      url: "/faqs",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await suite.app.inject({ url: "/faqs", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const refused = await suite.app.inject({
      url: "/faqs",
      headers: { "accept-encoding": "br;q=0, gzip" },
    });
    expect(refused.headers["content-encoding"]).toBe("gzip");
  });

  it("caches hashed assets for a year and answers a matching ETag with 304", async () => {
    const html = (await suite.app.inject({ url: "/join" })).body;
    const asset = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(html);
    const path = asset?.[1] ?? asset?.[2];
    expect(path).toBeDefined();
    const response = await suite.app.inject({
      url: path as string,
      headers: { "accept-encoding": "br" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expectSecurityHeaders(response, path as string);
    const again = await suite.app.inject({
      url: path as string,
      headers: { "accept-encoding": "br", "if-none-match": String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("answers If-None-Match as RFC 9110 §13.1.2 says: weakly, from a list, or *; HEAD alike", async () => {
    const { etag } = (await suite.app.inject({ url: "/faqs" })).headers;
    const tag = String(etag);
    const asked = async (field: string, method: "GET" | "HEAD" = "GET") =>
      (await suite.app.inject({ method, url: "/faqs", headers: { "if-none-match": field } }))
        .statusCode;
    for (const field of [tag, `W/${tag}`, `"other", ${tag}`, `"a",W/${tag} , "b"`, "*", " * "]) {
      expect(await asked(field), field).toBe(304);
      expect(await asked(field, "HEAD"), `HEAD ${field}`).toBe(304);
    }
    for (const field of ['"other"', `"${tag.slice(1, -1)}x"`, tag.slice(1, -1), "W/*", ""])
      expect(await asked(field), field).toBe(200);
  });

  it("answers every form a student can send, posted empty, at a page of the site, never the API's", async () => {
    const actions = new Set<string>();
    for (const path of [...pages, "/join/K7QX9M"]) {
      // The forms each page shows as built (home's notice shows only after a sign-up in the tab).
      const html = withoutHidden((await suite.app.inject({ url: path })).body);
      for (const [form] of html.matchAll(/<form\b[^>]*>/g)) {
        if (!/\smethod="post"/.test(form)) continue;
        const action = /\saction="([^"]*)"/.exec(form)?.[1];
        if (action !== undefined) actions.add(action);
        // Where the browser posts it: the action read against the page's address.
        const url = new URL(action ?? "", `https://ysp.ng${path}`);
        const target = url.pathname + url.search;
        const answer = await suite.app.inject({
          method: "POST",
          url: target,
          headers: formHeaders,
          payload: "",
        });
        const at = answer.statusCode === 303 ? String(answer.headers.location) : target;
        expect(at, `${path}: a form posted to ${target}`).not.toMatch(/^\/api\//);
        if (answer.statusCode !== 303)
          expect(answer.headers["content-type"], `${path}: ${target}`).toMatch(/^text\/html/);
      }
    }
    // The footer's newsletter and the pages' own forms were all sent.
    expect(actions.size).toBeGreaterThanOrEqual(6);
  });

  it("leads a student who forgot a password to its page, from the sign-up page and the FAQs", async () => {
    expect((await suite.app.inject({ url: "/join" })).body).toContain('href="/forgot-password"');
    expect((await suite.app.inject({ url: "/faqs" })).body).toContain("/forgot-password");
  });

  it("serves the sitemap and robots.txt", async () => {
    const sitemap = await suite.app.inject({ url: "/sitemap.xml" });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain("/faqs</loc>");
    expect(sitemap.body).not.toContain("__not-found");
    expect(sitemap.body).not.toContain("/staff");
    const robots = await suite.app.inject({ url: "/robots.txt" });
    expect(robots.body).toContain("Sitemap:");
  });
});
