import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeApi, startFakeApi } from "../../test/fake-api.ts";
import { buildUrl, createApiClient, messages } from "./api-client.ts";
import { MemoryStorage } from "./memory-storage.ts";
import { type SessionStores, sessionKeys } from "./session.ts";

let fake: FakeApi;
beforeAll(async () => {
  fake = await startFakeApi();
});
afterAll(() => fake.close());

let stores: SessionStores;
let expired: string[];
afterEach(() => {
  vi.useRealTimers();
});
beforeEach(() => {
  fake.reset();
  expired = [];
  stores = { session: new MemoryStorage(), local: new MemoryStorage() };
});

/** A signed-in student whose access token has expired. */
const student = { accessToken: "stale", refreshToken: "r1", user: '{"id":"u1"}' };
const signIn = (store: Storage, keys: readonly (keyof typeof student)[] = sessionKeys) => {
  for (const key of keys) store.setItem(key, student[key]);
};
const storedCount = () => stores.session.length + stores.local.length;
const client = (base = fake.baseUrl, timeoutMs?: number) =>
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
    expect(fake.seen[0]?.contentType).toBe("application/json");

    const form = new FormData();
    form.append("file", new Blob(["hello"]), "hello.txt");
    await api.post("/echo", form);
    expect(fake.seen[1]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
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
    expect(result.ok ? "" : result.message).toBe("fetch failed");
  });

  it.each(["/stall", "/stall-body"])(
    "gives up on %s when time runs out, with a message that says what to do",
    async (path) => {
      const result = await client(fake.baseUrl, 200).post(path, { email: "a@b.ng" });
      expect(result).toEqual({ ok: false, status: 0, message: messages.timedOut, body: null });
    },
  );

  it("stops at its own deadline while waiting on a slow token refresh, which goes on for the others", async () => {
    // The clock is the test's: which deadline runs out first is decided here, not by the machine.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    signIn(stores.session);
    const refresh = fake.holdRefresh();
    const slowLine = fake.holdRequests();
    const api = client(fake.baseUrl, 1000);
    const first = api.get("/me?held");
    await fake.reaches(() => fake.seen.length === 1);
    // Its 401 comes 600 ms into its 1000: the refresh it starts runs out 600 ms after it does.
    await vi.advanceTimersByTimeAsync(600);
    slowLine.open();
    await fake.reaches(() => fake.refreshes() === 1);
    const other = api.get("/me");
    await fake.reaches(() => fake.answers("/me stale → 401") === 1);
    await vi.advanceTimersByTimeAsync(400);

    // Settled already, not awaited: the refresh's own deadline has not come yet.
    expect(await Promise.race([first, "still waiting"])).toEqual({
      ok: false,
      status: 0,
      message: messages.timedOut,
      body: null,
    });
    refresh.open();
    expect(await other).toMatchObject({ ok: true, data: { id: "u1" } });
    expect(fake.refreshes()).toBe(1);
    expect(stores.session.getItem("accessToken")).toBe("fresh");
  });

  it("stops when the caller aborts while it waits on a token refresh that stalls", async () => {
    fake.refreshStatus = -1;
    signIn(stores.session);
    const caller = new AbortController();
    const pending = client(fake.baseUrl, 60_000).get("/me", { signal: caller.signal });
    await fake.reaches(() => fake.refreshes() === 1);
    caller.abort(new Error("Left the page"));

    expect(await pending).toMatchObject({ ok: false, status: 0, message: "Left the page" });
    expect(storedCount()).toBe(3);
  });

  it("still stops when the caller aborts", async () => {
    const caller = new AbortController();
    const pending = client(fake.baseUrl, 60_000).get("/stall", { signal: caller.signal });
    caller.abort(new Error("Left the page"));
    expect(await pending).toMatchObject({ ok: false, status: 0, message: "Left the page" });
  });

  it("says 'Network error' when the failure carries no message of its own", async () => {
    const caller = new AbortController();
    const pending = client(fake.baseUrl, 60_000).get("/stall", { signal: caller.signal });
    caller.abort("");
    expect(await pending).toMatchObject({ ok: false, status: 0, message: "Network error" });
  });

  it("refreshes once for concurrent 401s and repeats each request with the new bearer", async () => {
    stores.session.setItem("accessToken", "stale");
    stores.session.setItem("refreshToken", "r1");
    stores.local.setItem("refreshToken", "from-local");
    const refresh = fake.holdRefresh();
    const api = client();
    const results = Promise.all([api.get("/me"), api.get("/me"), api.get("/me")]);
    // The refresh is answered only after all three 401s went out, so each meets it in flight.
    await fake.reaches(() => fake.answers("/me stale → 401") === 3 && fake.refreshes() > 0);
    refresh.open();

    expect((await results).every((r) => r.ok)).toBe(true);
    expect(fake.answered).toEqual([
      ...Array(3).fill("/me stale → 401"),
      "/auth/refresh/ r1 → 200",
      ...Array(3).fill("/me fresh → 200"),
    ]);
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
    fake.refreshStatus = 401;
    signIn(stores.session);
    signIn(stores.local);
    const result = await client().get("/me");
    expect(result).toMatchObject({ ok: false, status: 401, message: messages.refreshFailed });
    expect(storedCount()).toBe(0);
    expect(expired).toEqual(["Unable to refresh access token"]);
    expect(fake.seen.filter((s) => s.url === "/me")).toHaveLength(1);
  });

  it("does not try to refresh without a refresh token, and never retries a failed mutation", async () => {
    const result = await client().post("/me", { a: 1 });
    expect(result).toMatchObject({ ok: false, status: 401, message: "Log in again" });
    expect(fake.seen).toHaveLength(1);
  });

  it("shares one failing refresh among concurrent 401s and reports the expiry once", async () => {
    fake.refreshStatus = 401;
    signIn(stores.session);
    const refresh = fake.holdRefresh();
    const api = client();
    const results = Promise.all([api.get("/me"), api.get("/me"), api.get("/me")]);
    await fake.reaches(() => fake.answers("/me stale → 401") === 3 && fake.refreshes() > 0);
    refresh.open();

    expect((await results).every((r) => !r.ok && r.sessionExpired)).toBe(true);
    expect(fake.answered).toEqual([...Array(3).fill("/me stale → 401"), "/auth/refresh/ r1 → 401"]);
    expect(storedCount()).toBe(0);
    expect(expired).toEqual([messages.refreshFailed]);
  });

  it("repeats a 401 that arrives after the refresh with the new token instead of refreshing again", async () => {
    signIn(stores.session);
    const late = fake.holdRequests();
    const api = client();
    const first = api.get("/me");
    // Sent with the same stale token, but answered only once the first request, refresh and
    // repeat included, is done.
    const second = api.get("/me?held");
    expect(await first).toMatchObject({ ok: true });
    late.open();

    expect(await second).toMatchObject({ ok: true, data: { id: "u1" } });
    expect(fake.answered).toEqual([
      "/me stale → 401",
      "/auth/refresh/ r1 → 200",
      "/me fresh → 200",
      "/me?held stale → 401",
      "/me?held fresh → 200",
    ]);
    expect(expired).toEqual([]);
  });

  it("reports an expiry once when a 401 arrives after the refresh failed", async () => {
    fake.refreshStatus = 401;
    signIn(stores.session);
    const late = fake.holdRequests();
    const api = client();
    const first = api.get("/me");
    const second = api.get("/me?held");
    expect(await first).toMatchObject({ ok: false, sessionExpired: true });
    late.open();

    expect(await second).toMatchObject({ ok: false, sessionExpired: true });
    expect(fake.answered).toEqual([
      "/me stale → 401",
      "/auth/refresh/ r1 → 401",
      "/me?held stale → 401",
    ]);
    expect(expired).toEqual([messages.refreshFailed]);
  });

  it.each([
    { status: 503, message: "Try again in a minute" },
    { status: 429, message: messages.fallback },
  ])("keeps the session when the refresh is answered $status", async ({ status, message }) => {
    fake.refreshStatus = status;
    signIn(stores.session);
    const result = await client().get("/me");

    expect(result).toMatchObject({ ok: false, status, message });
    expect(storedCount()).toBe(3);
    expect(expired).toEqual([]);
  });

  it("keeps the session when the refresh meets a network failure", async () => {
    fake.refreshStatus = 0;
    signIn(stores.session);
    const result = await client().get("/me");

    expect(result).toMatchObject({ ok: false, status: 0 });
    expect(result.ok ? "" : result.message).toBe("fetch failed");
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
    expect(fake.seen.filter((s) => s.url === "/auth/refresh/")).toHaveLength(0);
  });
});
