import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { databaseOn, makeApp, pgliteForFile, testPublicUrl } from "../../test/harness.ts";

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
