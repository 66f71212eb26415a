import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { appOnDatabase, pgliteForFile } from "../../test/harness.ts";

const suite = appOnDatabase(pgliteForFile());
const url = "/api/openapi.json";

describe("the API's document, as it is sent", () => {
  it("is compressed for a client that takes it, the same document in each encoding", async () => {
    const plain = await suite.app.inject({ url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json().openapi).toMatch(/^3\./);
    const br = await suite.app.inject({ url, headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    // 222 KB of JSON: brotli takes it to about a tenth.
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await suite.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("carries a validator, and is revalidated before it is used again", async () => {
    const first = await suite.app.inject({ url, headers: { "accept-encoding": "br" } });
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await suite.app.inject({
      url,
      headers: { "accept-encoding": "br", "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
