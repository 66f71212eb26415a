import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { serviceMessages } from "@ysp/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseOn, makeApp, pgliteForFile } from "../test/harness.ts";

/**
 * A client that sends a request a byte at a time holds a connection, and a file descriptor, for
 * as long as the server waits. These limits are small so the test is quick; the defaults are
 * 30 s and 10 s (config.ts).
 */
const timeouts = { requestMs: 1000, headersMs: 500 };
/** Time-outs are looked for a tenth of the shorter limit apart (server.ts): within 10% of each. */
const slack = 500;

const suite = databaseOn(pgliteForFile());
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = await makeApp(suite.database, { timeouts });
  port = Number(new URL(await app.listen({ port: 0, host: "127.0.0.1" })).port);
});
afterAll(() => app.close());

/**
 * Opens a connection, writes `first`, then one more byte of `trickle` every 100 ms, and
 * returns what the server answered once it closed the connection, and after how long.
 */
async function sendSlowly(first: string, trickle: string) {
  const socket: Socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  const started = Date.now();
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  // The server may close while bytes of ours are unread: a reset, as a phone would see it.
  socket.on("error", () => {});
  socket.write(first);
  let sent = 0;
  const dripping = setInterval(() => {
    if (socket.writable && sent < trickle.length) socket.write(trickle.charAt(sent++));
  }, 100);
  // Not closed within four times the longer limit: the test fails here rather than hang.
  const closed = await Promise.race([
    new Promise<true>((resolve) => socket.once("close", () => resolve(true))),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), 4 * timeouts.requestMs)),
  ]);
  clearInterval(dripping);
  socket.destroy();
  const raw = Buffer.concat(chunks).toString("utf8");
  const [head = "", body = ""] = raw.split("\r\n\r\n", 2);
  return { closed, after: Date.now() - started, head, body };
}

describe("a request sent slowly", () => {
  it("is answered 408 in the API's shape and closed once its headers take longer than headersTimeout", async () => {
    const answer = await sendSlowly(
      "POST /api/v1/newsletter/ HTTP/1.1\r\nHost: localhost\r\n",
      `X-Slow: ${"y".repeat(200)}`,
    );
    expect(answer.closed).toBe(true);
    expect(answer.after).toBeGreaterThanOrEqual(timeouts.headersMs - 50);
    expect(answer.after).toBeLessThan(timeouts.headersMs + slack);
    expect(answer.head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer.head).toContain("Content-Type: application/json; charset=utf-8");
    expect(JSON.parse(answer.body)).toEqual({
      type: "client_error",
      errors: [{ code: "request_timeout", detail: serviceMessages.tooSlow, attr: null }],
    });
  });

  it("is answered 408 and closed once its body takes longer than requestTimeout", async () => {
    const body = JSON.stringify({ email: "slow@example.com" });
    const answer = await sendSlowly(
      "POST /api/v1/newsletter/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n" +
        `Content-Length: ${body.length}\r\n\r\n`,
      body,
    );
    expect(answer.closed).toBe(true);
    expect(answer.after).toBeGreaterThanOrEqual(timeouts.requestMs - 50);
    expect(answer.after).toBeLessThan(timeouts.requestMs + slack);
    expect(answer.head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(answer.body).errors[0].code).toBe("request_timeout");
  });
});
