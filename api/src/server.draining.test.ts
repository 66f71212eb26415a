import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { serviceMessages } from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import { expect, it } from "vitest";
import { type Answer, expectErrorShape, expectSecurityHeaders } from "../test/expectations.ts";
import { countAccounts, databaseOn, makeApp, pgliteForFile } from "../test/harness.ts";
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

it("requests that reach a stopping server are refused with their headers and do nothing: JSON in the API's shape, a form post with a page", async () => {
  const app = await makeApp(suite.database);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = new URL(address);
  const serverSockets: Socket[] = [];
  app.server.on("connection", (socket: Socket) => serverSockets.push(socket));

  // A request begun before the stop keeps its connection open through it (idle ones are
  // closed), so the rest of it is read only once the server is stopping.
  const firstLine = "POST /api/v1/auth/signup/ HTTP/1.1\r\nHost: localhost\r\n";
  const begin = async () => {
    const socket = connect(Number(port), "127.0.0.1");
    await once(socket, "connect");
    socket.write(firstLine);
    return socket;
  };
  const finish = (socket: Socket, headers: string, body: string) => {
    socket.write(`${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    return readAnswer(socket);
  };
  const [jsonStudent, formStudent] = [makeStudent(), makeStudent()];
  const sockets = [await begin(), await begin()] as const;
  await until(
    () => serverSockets.filter((s) => s.bytesRead >= firstLine.length).length === 2,
    "the server to read both requests' first line",
  );
  const closed = app.close();
  const [json, form] = await Promise.all([
    finish(sockets[0], "Content-Type: application/json\r\n", JSON.stringify(jsonStudent)),
    finish(
      sockets[1],
      "Content-Type: application/x-www-form-urlencoded\r\nReferer: http://localhost/join/K7QX9M\r\n",
      new URLSearchParams(formStudent).toString(),
    ),
  ]);
  await closed;

  expectErrorShape(json, 503, "JSON read while stopping");
  expect(json.json().errors).toEqual([
    { code: "server_stopping", detail: serviceMessages.stopping, attr: null },
  ]);
  expect(form.statusCode).toBe(503);
  expect(form.headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(form.body).toContain(`<p>${serviceMessages.stopping}</p>`);
  // The way back names the site's page the Referer names (/join), never the header itself.
  expect(form.body).toContain(
    '<a class="button button-primary" href="/join" data-back>Back to the form</a>',
  );
  for (const [answer, what] of [
    [json, "JSON read while stopping"],
    [form, "a form post read while stopping"],
  ] as const) {
    expect(answer.headers.connection, what).toBe("close");
    expect(answer.headers["retry-after"], what).toBe("1");
    expectSecurityHeaders(answer, what);
  }
  expect(await countAccounts(suite.database, jsonStudent.email)).toBe(0);
  expect(await countAccounts(suite.database, formStudent.email)).toBe(0);
});
