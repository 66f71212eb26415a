import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { hostileHost, hostilePaths } from "@ysp/testing/addresses";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtSite, databaseOn, hasBuild, makeApp, pgliteForFile } from "../../test/harness.ts";

/**
 * Addresses that might make the server send a browser to another site are answered on this
 * one: no Location or Refresh elsewhere, and no page that echoes the other host. Sent over a
 * socket exactly as written, since URL parsers (inject's among them) turn `//host` into a host.
 */

/** A GET with the path as written: its status, headers and body. */
const rawGet = (port: number, path: string) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const sent = httpRequest({ host: "127.0.0.1", port, path }, (answer) => {
      let body = "";
      answer.setEncoding("utf8");
      answer.on("data", (chunk: string) => {
        body += chunk;
      });
      answer.on("end", () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }),
      );
    });
    sent.on("error", reject);
    sent.end();
  });

describe.skipIf(!hasBuild())("an address that names another site", () => {
  const suite = databaseOn(pgliteForFile());
  let app: FastifyInstance;
  let origin: URL;
  beforeAll(async () => {
    app = await makeApp(suite.database, { site: builtSite });
    origin = new URL(await app.listen({ port: 0, host: "127.0.0.1" }));
  });
  afterAll(() => app.close());

  it.each(hostilePaths)("%s is answered on this site, never sent elsewhere", async (path) => {
    const answer = await rawGet(Number(origin.port), path);
    expect(answer.status).toBeLessThan(500);
    if (answer.status >= 300 && answer.status < 400) {
      expect(answer.headers.location, "a redirect's Location").toBeTypeOf("string");
      expect(new URL(String(answer.headers.location), origin).host).toBe(origin.host);
    }
    expect(answer.headers.refresh).toBeUndefined();
    if (String(answer.headers["content-type"]).startsWith("text/html"))
      expect(answer.body).not.toContain(hostileHost);
  });
});
