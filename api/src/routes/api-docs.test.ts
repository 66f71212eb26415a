import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import { appOnDatabase, builtSite, hasBuild, pgliteForFile } from "../../test/harness.ts";
import { apiDocsPath } from "./api-docs.ts";

const testDb = pgliteForFile();

describe("without a built reference (the fixture site)", () => {
  const suite = appOnDatabase(testDb);

  it("answers 404 as for any other unknown API path", async () => {
    const response = await suite.app.inject({ url: apiDocsPath });
    expectErrorShape(response, 404);
    const unknown = await suite.app.inject({ url: "/api/no-such-thing" });
    expect(response.json().errors[0].code).toBe(unknown.json().errors[0].code);
  });
});

describe.skipIf(!hasBuild())("the reference in the real build", () => {
  const suite = appOnDatabase(testDb, { site: builtSite });

  it.each([apiDocsPath, `${apiDocsPath}/`])("serves %s as a page to revalidate", async (url) => {
    const response = await suite.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toMatch(/^<!DOCTYPE html>/);
    expect(response.body).toContain('<meta name="robots" content="noindex">');
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    const again = await suite.app.inject({
      url,
      headers: { "if-none-match": String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("has one Content-Security-Policy: its own style by hash, and no script", async () => {
    const response = await suite.app.inject({ url: apiDocsPath });
    const policy = response.headers["content-security-policy"];
    expect(typeof policy).toBe("string");
    expect(String(policy).match(/default-src/g)).toHaveLength(1);
    const styles = [...response.body.matchAll(/<style>([\s\S]*?)<\/style>/g)];
    expect(styles).toHaveLength(1);
    const hash = createHash("sha256")
      .update(styles[0]?.[1] ?? "")
      .digest("base64");
    expect(String(policy).split("; ")).toEqual([
      "default-src 'none'",
      `style-src 'sha256-${hash}'`,
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ]);
    expect(response.body).not.toMatch(/<script/i);
  });

  it.each([
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ] as const)("sends the %s copy to a browser that takes it", async (encoding, decompress) => {
    const plain = await suite.app.inject({ url: apiDocsPath });
    const response = await suite.app.inject({
      url: apiDocsPath,
      headers: { "accept-encoding": encoding },
    });
    expect(response.headers["content-encoding"]).toBe(encoding);
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(decompress(response.rawPayload).toString()).toBe(plain.body);
  });

  it("is in neither the sitemap nor the OpenAPI document", async () => {
    const sitemap = await suite.app.inject({ url: "/sitemap.xml" });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain("<loc>");
    expect(sitemap.body).not.toContain(apiDocsPath);
    const document = (await suite.app.inject({ url: "/api/openapi.json" })).json();
    expect(Object.keys(document.paths)).not.toContain(apiDocsPath);
  });

  it("refuses other methods as the API does", async () => {
    const response = await suite.app.inject({ method: "POST", url: apiDocsPath });
    expectErrorShape(response, 405);
    expect(response.headers.allow).toBe("GET, HEAD");
  });
});
