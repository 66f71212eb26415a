import type { ApiAnswer, ApiBody, ApiPath } from "@ysp/contract/api-paths";
import { firstErrorDetail } from "@ysp/contract/errors";
import {
  accessToken,
  clearSession,
  hasSession,
  type SessionStores,
  storeWithRefreshToken,
} from "./session.ts";

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  /**
   * `status` 0 is a network failure: no answer reached the browser.
   * `sessionExpired`: the session was ended and `onSessionExpired` has already told the user.
   */
  | { ok: false; status: number; message: string; body: unknown; sessionExpired?: true };

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: Record<string, unknown> | FormData;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
};

export type ApiClientOptions = {
  /** Origin (and path prefix) of the API; empty for the site's own origin. */
  baseUrl: string;
  stores: () => SessionStores;
  /**
   * How long a request may take before it is given up (default 30 s): its answer, and any
   * token refresh it waits on, included; the refresh itself goes on for the others waiting.
   */
  timeoutMs?: number;
  /** Called once the server rejected the refresh (or there was none) and the session is cleared. */
  onSessionExpired: (message: string) => void;
};

/** A request may take this long, its answer included, before it is given up. */
const defaultTimeoutMs = 30_000;

/** Where the client renews a session: an address the API's document gives the exchange. */
const refreshPath = "/auth/refresh/" satisfies ApiPath<"post">;

export const messages = {
  fallback: "An error occurred",
  network: "Network error",
  timedOut:
    "The connection is too slow or was lost. Please check your data connection and try again.",
  refreshFailed: "Unable to refresh access token",
} as const;

/** The API's address for `path`: the base without a trailing slash, then the path. */
const joined = (baseUrl: string, path: string) => `${baseUrl.replace(/\/$/, "")}${path}`;

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions["query"]): string {
  const url = joined(baseUrl, path);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes("?") ? "&" : "?"}${search}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A signal that aborts when the caller's does or when time runs out: a request on a
 * stalled mobile line would otherwise wait for ever, with the form stuck pending.
 */
function deadline(timeoutMs: number, outer?: AbortSignal) {
  const controller = new AbortController();
  // fetch rejects with the reason, so the student reads this message.
  const timer = setTimeout(() => controller.abort(new Error(messages.timedOut)), timeoutMs);
  const follow = () => controller.abort(outer?.reason);
  if (outer?.aborted) follow();
  else outer?.addEventListener("abort", follow, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener("abort", follow);
    },
  };
}

/** The promise's value, unless the signal aborts first: then its reason is thrown. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

function networkFailure(error: unknown): ApiResult<never> {
  const message = error instanceof Error && error.message ? error.message : messages.network;
  return { ok: false, status: 0, message, body: null };
}

function errorResult(status: number, body: unknown): ApiResult<never> {
  return { ok: false, status, message: firstErrorDetail(body) ?? messages.fallback, body };
}

// A function, not a constant: a bundle that never ends a session (home's script) then drops it.
const sessionEnded = (): ApiResult<never> => ({
  ok: false,
  status: 401,
  message: messages.refreshFailed,
  body: null,
  sessionExpired: true,
});

/** What every JSON request sends: it takes JSON back too. */
const jsonHeaders = { Accept: "application/json", "Content-Type": "application/json" } as const;

/** One request as the API takes it: JSON unless a form's data, the bearer token when there is one. */
function sendTo(
  baseUrl: string,
  path: string,
  init: RequestOptions,
  bearer: string | null,
): Promise<Response> {
  let headers: Record<string, string> = { Accept: jsonHeaders.Accept };
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers = { ...jsonHeaders };
    body = JSON.stringify(init.body);
  }
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  return fetch(buildUrl(baseUrl, path, init.query), {
    method: init.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
    signal: init.signal,
  });
}

async function toResult<T>(response: Response): Promise<ApiResult<T>> {
  const body = await readBody(response);
  if (response.ok) return { ok: true, status: response.status, data: body as T };
  return errorResult(response.status, body);
}

/**
 * One JSON post that needs no session, for the pages without framework (scripts/home-page.ts):
 * the contract's error shape and the same deadline as the client below, without its stores and
 * refresh, which an address's resend or a newsletter sign-up never use.
 */
export async function postWithoutSession<P extends ApiPath<"post">>(
  baseUrl: string,
  path: P,
  body: ApiBody<P, "post">,
  timeoutMs = defaultTimeoutMs,
): Promise<ApiResult<ApiAnswer<P, "post">>> {
  const limit = deadline(timeoutMs);
  try {
    // fetch itself, not sendTo: home carries this inline, and a form's data, a token and a
    // query (sendTo's, 0.5 KB minified) would be bytes its budget pays for and never uses.
    const response = await fetch(joined(baseUrl, path), {
      method: "POST",
      headers: jsonHeaders,
      body: JSON.stringify(body),
      signal: limit.signal,
    });
    return await toResult<ApiAnswer<P, "post">>(response);
  } catch (error) {
    return networkFailure(error);
  } finally {
    limit.clear();
  }
}

/**
 * A fetch wrapper that speaks the API's contract: JSON by default, the error
 * shape on failure, and one shared token refresh when an answer is 401.
 * Nothing is retried except the single repeat after a successful refresh.
 */
export function createApiClient(options: ApiClientOptions) {
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  let refreshing: Promise<string | ApiResult<never>> | null = null;

  const send = (path: string, init: RequestOptions, bearer: string | null) =>
    sendTo(options.baseUrl, path, init, bearer);

  function endSession(): ApiResult<never> {
    clearSession(options.stores());
    options.onSessionExpired(messages.refreshFailed);
    return sessionEnded();
  }

  /** The new access token, or the failure every waiting request reports. */
  async function refreshAccessToken(): Promise<string | ApiResult<never>> {
    const store = storeWithRefreshToken(options.stores());
    const refresh = store?.getItem("refreshToken");
    if (!store || !refresh) return endSession();
    let response: Response;
    // Read as unknown: a captive portal or a proxy may answer in its own shape.
    let data: Partial<Record<keyof ApiAnswer<typeof refreshPath, "post">, unknown>> | null;
    const limit = deadline(timeoutMs);
    try {
      const init = { method: "POST", body: { refresh }, signal: limit.signal } as const;
      response = await send(refreshPath, init, null);
      data = (await readBody(response)) as typeof data;
    } catch (error) {
      return networkFailure(error);
    } finally {
      limit.clear();
    }
    if (response.ok && typeof data?.access === "string") {
      store.setItem("accessToken", data.access);
      if (typeof data.refresh === "string") store.setItem("refreshToken", data.refresh);
      return data.access;
    }
    // Only a rejected token ends the session; a busy or failing server (or a captive
    // portal's 200) must not sign a student out on a flaky line.
    const rejected = response.status >= 400 && response.status < 500 && response.status !== 429;
    return rejected ? endSession() : errorResult(response.status, data);
  }

  /** Every 401 that arrives while a refresh is under way waits for that same refresh. */
  function sharedRefresh(): Promise<string | ApiResult<never>> {
    refreshing ??= refreshAccessToken().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request<T>(path: string, asked: RequestOptions = {}): Promise<ApiResult<T>> {
    const limit = deadline(timeoutMs, asked.signal);
    const init = { ...asked, signal: limit.signal };
    try {
      const stores = options.stores();
      const bearer = accessToken(stores);
      const response = await send(path, init, bearer);
      if (response.status !== 401) return await toResult<T>(response);
      // This request was answered after another one's refresh had already finished.
      const current = accessToken(stores);
      if (current && current !== bearer) return await toResult<T>(await send(path, init, current));
      // Nothing stored: a visitor who never signed in gets the server's answer; a request that
      // sent a token lost its session to a failed refresh, which has already told the user.
      if (!hasSession(stores)) return bearer ? sessionEnded() : await toResult<T>(response);
      const fresh = await untilAborted(sharedRefresh(), init.signal);
      if (typeof fresh !== "string") return fresh;
      return await toResult<T>(await send(path, init, fresh));
    } catch (error) {
      return networkFailure(error);
    } finally {
      limit.clear();
    }
  }

  return {
    request,
    get: <T>(path: string, init: Omit<RequestOptions, "method" | "body"> = {}) =>
      request<T>(path, { ...init, method: "GET" }),
    post: <T>(
      path: string,
      body: RequestOptions["body"],
      init: Omit<RequestOptions, "method" | "body"> = {},
    ) => request<T>(path, { ...init, method: "POST", body }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
