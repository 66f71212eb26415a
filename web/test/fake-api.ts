import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** A promise the test resolves when it chooses. */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

type Seen = {
  method: string;
  url: string;
  authorization?: string;
  contentType?: string;
  body: string;
};

const readAll = async (req: IncomingMessage) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  return body;
};

export type FakeApi = Awaited<ReturnType<typeof startFakeApi>>;

/**
 * A real HTTP server that plays the API for the client's tests: `/me` needs the bearer "fresh",
 * refresh hands it out for "r1". No timer orders its answers: the refresh, and any request whose
 * query says `held`, wait for a gate the test opens, and `answered` lists what went out, in order.
 */
export async function startFakeApi() {
  let waiters: { done: () => boolean; resolve: () => void }[] = [];
  const progress = () => {
    const ready = waiters.filter((waiter) => waiter.done());
    waiters = waiters.filter((waiter) => !ready.includes(waiter));
    for (const waiter of ready) waiter.resolve();
  };

  const fake = {
    baseUrl: "",
    seen: [] as Seen[],
    /** "<url> <bearer, or the refresh token sent> → <status>", as each answer went out. */
    answered: [] as string[],
    /** The refresh's answer: a status, 0 to drop the connection, -1 to never answer. */
    refreshStatus: 200,
    refreshGate: Promise.resolve(),
    heldGate: Promise.resolve(),
    reset() {
      fake.seen = [];
      fake.answered = [];
      fake.refreshStatus = 200;
      fake.refreshGate = Promise.resolve();
      fake.heldGate = Promise.resolve();
      waiters = [];
    },
    /** Resolves once what the fake has received and answered satisfies `done`. */
    reaches: (done: () => boolean) =>
      new Promise<void>((resolve) => {
        if (done()) resolve();
        else waiters.push({ done, resolve });
      }),
    /** The refresh is answered only once the test opens the gate. */
    holdRefresh() {
      const held = gate();
      fake.refreshGate = held.opened;
      return held;
    },
    /** Requests whose query says `held` are answered only once the test opens the gate. */
    holdRequests() {
      const held = gate();
      fake.heldGate = held.opened;
      return held;
    },
    refreshes: () => fake.seen.filter((s) => s.url === "/auth/refresh/").length,
    answers: (entry: string) => fake.answered.filter((a) => a === entry).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A stalled refresh is still open: it goes on for the requests that were not aborted.
        server.closeAllConnections();
      }),
  };

  const server = createServer(async (req, res) => {
    const body = await readAll(req);
    fake.seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      body,
    });
    progress();
    const url = new URL(req.url ?? "/", "http://x");
    const isRefresh = url.pathname === "/auth/refresh/";
    // Who the request says it is: the bearer it sent, or the token a refresh sent.
    const who = String(isRefresh ? JSON.parse(body).refresh : (req.headers.authorization ?? "-"));
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
      fake.answered.push(`${req.url} ${who.replace(/^Bearer /, "")} → ${status}`);
      progress();
    };
    if (isRefresh) {
      await fake.refreshGate;
      if (fake.refreshStatus === 0) return req.socket.destroy();
      if (fake.refreshStatus === -1) return; // stalls
      if (fake.refreshStatus === 200 && who === "r1")
        return json(200, { access: "fresh", refresh: "r2" });
      if (fake.refreshStatus === 503)
        return json(503, {
          type: "server_error",
          errors: [{ code: "unavailable", detail: "Try again in a minute", attr: null }],
        });
      if (fake.refreshStatus === 429) return json(429, {});
      return json(401, {
        type: "client_error",
        errors: [{ code: "token_not_valid", detail: "Token is invalid", attr: null }],
      });
    }
    if (url.pathname === "/me") {
      if (url.searchParams.has("held")) await fake.heldGate;
      if (who === "Bearer fresh") return json(200, { id: "u1" });
      return json(401, {
        type: "client_error",
        errors: [{ code: "not_authenticated", detail: "Log in again", attr: null }],
      });
    }
    if (url.pathname === "/fail")
      return json(400, {
        type: "validation_error",
        errors: [{ code: "invalid", detail: "Email taken", attr: "email" }],
      });
    if (url.pathname === "/fail-bare") return json(500, {});
    // A stalled mobile line: no answer at all, or the headers and then nothing.
    if (url.pathname === "/stall") return;
    if (url.pathname === "/stall-body") {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"id":');
      return;
    }
    if (url.pathname === "/echo") return json(200, { query: url.search, body });
    return json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
