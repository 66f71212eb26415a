import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { expect, it } from "vitest";
import { type Answer, expectErrorShape, expectSecurityHeaders } from "../test/expectations.ts";
import { countAccounts, databaseOn, makeApp, makeStudent, pgliteForFile } from "../test/harness.ts";
import { until } from "../test/until.ts";

const suite = databaseOn(pgliteForFile());

/** Reads one HTTP/1.1 answer off a socket the server closes after it. */
async function readAnswer(socket: Socket): Promise<Answer> {
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  await once(socket, "end");
  const raw = Buffer.concat(chunks).toString("utf8");
  const [head = "", body = ""] = raw.split("\r\n\r\n", 2);
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    statusCode: Number(statusLine.split(" ")[1]),
    headers,
    body,
    json: () => JSON.parse(body),
  };
}

it("a request that reaches a stopping server is refused in the API's shape, with its headers, and does nothing", async () => {
  const app = await makeApp(suite.database);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = new URL(address);
  const serverSockets: Socket[] = [];
  app.server.on("connection", (socket: Socket) => serverSockets.push(socket));

  // A request begun before the stop keeps its connection open through it (idle ones are
  // closed), so its headers are read only once the server is stopping.
  const student = makeStudent();
  const body = JSON.stringify(student);
  const started = "POST /api/v1/auth/signup/ HTTP/1.1\r\nHost: localhost\r\n";
  const socket = connect(Number(port), "127.0.0.1");
  await once(socket, "connect");
  socket.write(started);
  await until(
    () => serverSockets.some((s) => s.bytesRead >= started.length),
    "the server to read the request's first line",
  );
  const closed = app.close();
  socket.write(
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  const answer = await readAnswer(socket);
  await closed;

  expectErrorShape(answer, 503, "a request read while stopping");
  expect(answer.json().errors[0].code).toBe("server_stopping");
  expect(answer.headers.connection).toBe("close");
  expect(answer.headers["retry-after"]).toBe("1");
  expectSecurityHeaders(answer, "a request read while stopping");
  expect(await countAccounts(suite.database, student.email)).toBe(0);
});
