import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildUrl, createApiClient, messages } from "./api-client.ts";
import { MemoryStorage } from "./memory-storage.test-support.ts";
import { type SessionStores, sessionKeys } from "./session.ts";

type Seen = {
  method: string;
  url: string;
  authorization?: string;
  contentType?: string;
  body: string;
};

/**
 * A real HTTP server that plays the API: `/me` needs the bearer "fresh", refresh hands it out
 * for "r1". `refreshStatus` chooses the refresh's answer; 0 drops the connection.
 */
let server: Server;
let baseUrl: string;
let seen: Seen[];
let refreshStatus: number;

const readAll = async (req: IncomingMessage) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  return body;
};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readAll(req);
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
      body,
    });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/auth/refresh/") {
      // Slow enough that concurrent 401s all arrive while this refresh is in flight.
      await new Promise((r) => setTimeout(r, 50));
      if (refreshStatus === 0) return req.socket.destroy();
      if (refreshStatus === -1) return; // stalls
      if (refreshStatus === 200 && JSON.parse(body).refresh === "r1")
        return json(200, { access: "fresh", refresh: "r2" });
      if (refreshStatus === 503)
        return json(503, {
          type: "server_error",
          errors: [{ code: "unavailable", detail: "Try again in a minute", attr: null }],
        });
      if (refreshStatus === 429) return json(429, {});
      return json(401, {
        type: "client_error",
        errors: [{ code: "token_not_valid", detail: "Token is invalid", attr: null }],
      });
    }
    if (url.pathname === "/me") {
      // `?delay=` answers after the refresh has finished, as a slow request on a slow line would.
      await new Promise((r) => setTimeout(r, Number(url.searchParams.get("delay") ?? 0)));
      if (req.headers.authorization === "Bearer fresh") return json(200, { id: "u1" });
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
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A stalled refresh is still open: it goes on for the requests that were not aborted.
      server.closeAllConnections();
    }),
);

let stores: SessionStores;
let expired: string[];
beforeEach(() => {
  seen = [];
  refreshStatus = 200;
  expired = [];
  stores = { session: new MemoryStorage(), local: new MemoryStorage() };
});

/** A signed-in student whose access token has expired. */
const student = { accessToken: "stale", refreshToken: "r1", user: '{"id":"u1"}' };
const signIn = (store: Storage, keys: readonly (keyof typeof student)[] = sessionKeys) => {
  for (const key of keys) store.setItem(key, student[key]);
};
const storedCount = () => stores.session.length + stores.local.length;

const client = (base = baseUrl, timeoutMs?: number) =>
  createApiClient({
    baseUrl: base,
    stores: () => stores,
    onSessionExpired: (m) => expired.push(m),
    timeoutMs,
  });

describe("api client", () => {
  it("appends query parameters as a query string", () => {
    expect(buildUrl("https://api.example/", "/x", { a: "1 2", b: 3, c: undefined })).toBe(
      "https://api.example/x?a=1+2&b=3",
    );
    expect(buildUrl("", "/x?y=1", { z: true })).toBe("/x?y=1&z=true");
  });

  it("sends JSON by default and multipart for FormData", async () => {
    const api = client();
    const json = await api.post<{ body: string }>("/echo", { a: 1 });
    expect(json.ok && JSON.parse(json.data.body)).toEqual({ a: 1 });
    expect(seen[0]?.contentType).toBe("application/json");

    const form = new FormData();
    form.append("file", new Blob(["hello"]), "hello.txt");
    await api.post("/echo", form);
    expect(seen[1]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
  });

  it("reads errors[0].detail, or falls back to 'An error occurred'", async () => {
    const api = client();
    expect(await api.post("/fail", {})).toMatchObject({
      ok: false,
      status: 400,
      message: "Email taken",
    });
    expect(await api.post("/fail-bare", {})).toMatchObject({
      ok: false,
      status: 500,
      message: messages.fallback,
    });
  });

  it("turns a network failure into the error's message", async () => {
    const result = await client("http://127.0.0.1:9").get("/me");
    expect(result).toMatchObject({ ok: false, status: 0 });
    expect(result.ok ? "" : result.message).toMatch(/fetch failed|Network error/);
  });

  it.each(["/stall", "/stall-body"])(
    "gives up on %s when time runs out, with a message that says what to do",
    async (path) => {
      const result = await client(baseUrl, 200).post(path, { email: "a@b.ng" });
      expect(result).toEqual({ ok: false, status: 0, message: messages.timedOut, body: null });
    },
  );

  it("stops at its own limit while waiting on a token refresh that stalls", async () => {
    refreshStatus = -1;
    signIn(stores.session);
    const caller = new AbortController();
    const pending = client(baseUrl, 60_000).get("/me", { signal: caller.signal });
    setTimeout(() => caller.abort(new Error("Left the page")), 200);
    expect(await pending).toMatchObject({ ok: false, status: 0, message: "Left the page" });
    expect(storedCount()).toBe(3);
  });

  it("still stops when the caller aborts", async () => {
    const caller = new AbortController();
    const pending = client(baseUrl, 60_000).get("/stall", { signal: caller.signal });
    caller.abort(new Error("Left the page"));
    expect(await pending).toMatchObject({ ok: false, status: 0, message: "Left the page" });
  });

  it("refreshes once for concurrent 401s and repeats each request with the new bearer", async () => {
    stores.session.setItem("accessToken", "stale");
    stores.session.setItem("refreshToken", "r1");
    stores.local.setItem("refreshToken", "from-local");
    const api = client();
    const results = await Promise.all([api.get("/me"), api.get("/me"), api.get("/me")]);

    expect(results.every((r) => r.ok)).toBe(true);
    const refreshes = seen.filter((s) => s.url === "/auth/refresh/");
    expect(refreshes).toHaveLength(1);
    expect(JSON.parse(refreshes[0]?.body ?? "")).toEqual({ refresh: "r1" });
    const repeats = seen.filter((s) => s.url === "/me" && s.authorization === "Bearer fresh");
    expect(repeats).toHaveLength(3);
    expect(stores.session.getItem("accessToken")).toBe("fresh");
    expect(stores.session.getItem("refreshToken")).toBe("r2");
  });

  it("reads the refresh token from local storage when session storage has none", async () => {
    stores.local.setItem("refreshToken", "r1");
    const result = await client().get("/me");
    expect(result.ok).toBe(true);
    expect(stores.local.getItem("accessToken")).toBe("fresh");
  });

  it("clears both storages and reports once when the refresh fails", async () => {
    refreshStatus = 401;
    signIn(stores.session);
    signIn(stores.local);
    const result = await client().get("/me");
    expect(result).toMatchObject({ ok: false, status: 401, message: messages.refreshFailed });
    expect(storedCount()).toBe(0);
    expect(expired).toEqual(["Unable to refresh access token"]);
    expect(seen.filter((s) => s.url === "/me")).toHaveLength(1);
  });

  it("does not try to refresh without a refresh token, and never retries a failed mutation", async () => {
    const result = await client().post("/me", { a: 1 });
    expect(result).toMatchObject({ ok: false, status: 401, message: "Log in again" });
    expect(seen).toHaveLength(1);
  });

  it("shares one failing refresh among concurrent 401s and reports the expiry once", async () => {
    refreshStatus = 401;
    signIn(stores.session);
    const api = client();
    const results = await Promise.all([api.get("/me"), api.get("/me"), api.get("/me")]);

    expect(results.every((r) => !r.ok && r.sessionExpired)).toBe(true);
    expect(seen.filter((s) => s.url === "/auth/refresh/")).toHaveLength(1);
    expect(storedCount()).toBe(0);
    expect(expired).toEqual([messages.refreshFailed]);
  });

  it("repeats a 401 that arrives after the refresh with the new token instead of refreshing again", async () => {
    signIn(stores.session);
    const api = client();
    const results = await Promise.all([api.get("/me"), api.get("/me?delay=150")]);

    expect(results.every((r) => r.ok)).toBe(true);
    expect(seen.filter((s) => s.url === "/auth/refresh/")).toHaveLength(1);
    expect(expired).toEqual([]);
  });

  it("reports an expiry once when a 401 arrives after the refresh failed", async () => {
    refreshStatus = 401;
    signIn(stores.session);
    const api = client();
    const results = await Promise.all([api.get("/me"), api.get("/me?delay=150")]);

    expect(results.every((r) => !r.ok && r.sessionExpired)).toBe(true);
    expect(expired).toEqual([messages.refreshFailed]);
  });

  it.each([
    { status: 503, message: "Try again in a minute" },
    { status: 429, message: messages.fallback },
  ])("keeps the session when the refresh is answered $status", async ({ status, message }) => {
    refreshStatus = status;
    signIn(stores.session);
    const result = await client().get("/me");

    expect(result).toMatchObject({ ok: false, status, message });
    expect(storedCount()).toBe(3);
    expect(expired).toEqual([]);
  });

  it("keeps the session when the refresh meets a network failure", async () => {
    refreshStatus = 0;
    signIn(stores.session);
    const result = await client().get("/me");

    expect(result).toMatchObject({ ok: false, status: 0 });
    expect(result.ok ? "" : result.message).toMatch(/fetch failed|Network error/);
    expect(storedCount()).toBe(3);
    expect(expired).toEqual([]);
  });

  it("clears a session that has no refresh token and reports the expiry once", async () => {
    signIn(stores.local, ["accessToken", "user"]);
    const api = client();
    const results = await Promise.all([api.get("/me"), api.get("/me")]);

    expect(results.every((r) => !r.ok && r.sessionExpired)).toBe(true);
    expect(storedCount()).toBe(0);
    expect(expired).toEqual([messages.refreshFailed]);
    expect(seen.filter((s) => s.url === "/auth/refresh/")).toHaveLength(0);
  });
});
