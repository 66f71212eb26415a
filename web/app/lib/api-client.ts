import { firstErrorDetail } from "@ysp/contract/errors";
import { accessToken, clearSession, type SessionStores, storeWithRefreshToken } from "./session.ts";

export type ApiResult<T> =
  | { ok: true; status: number; data: T }
  /**
   * `status` 0 is a network failure: no answer reached the browser.
   * `sessionExpired`: the refresh failed and `onSessionExpired` has already told the user.
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
  fetch?: typeof fetch;
  /** Called once the session could not be refreshed and has been cleared. */
  onSessionExpired: (message: string) => void;
};

export const messages = {
  fallback: "An error occurred",
  network: "Network error",
  refreshFailed: "Unable to refresh access token",
} as const;

export function buildUrl(baseUrl: string, path: string, query?: RequestOptions["query"]): string {
  const url = `${baseUrl.replace(/\/$/, "")}${path}`;
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
 * A fetch wrapper that speaks the API's contract: JSON by default, the error
 * shape on failure, and one shared token refresh when an answer is 401.
 * Nothing is retried except the single repeat after a successful refresh.
 */
export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  let refreshing: Promise<string | null> | null = null;

  async function send(
    path: string,
    init: RequestOptions,
    bearer: string | null,
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: "application/json" };
    let body: BodyInit | undefined;
    if (init.body instanceof FormData) body = init.body;
    else if (init.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(init.body);
    }
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    return doFetch(buildUrl(options.baseUrl, path, init.query), {
      method: init.method ?? (body === undefined ? "GET" : "POST"),
      headers,
      body,
      signal: init.signal,
    });
  }

  async function refreshAccessToken(): Promise<string | null> {
    const stores = options.stores();
    const store = storeWithRefreshToken(stores);
    const refresh = store?.getItem("refreshToken");
    if (!store || !refresh) return null;
    try {
      const response = await send("/auth/refresh/", { method: "POST", body: { refresh } }, null);
      const data = (await readBody(response)) as { access?: unknown; refresh?: unknown } | null;
      if (!response.ok || typeof data?.access !== "string") return null;
      store.setItem("accessToken", data.access);
      if (typeof data.refresh === "string") store.setItem("refreshToken", data.refresh);
      return data.access;
    } catch {
      return null;
    }
  }

  /** Every 401 that arrives while a refresh is under way waits for that same refresh. */
  function sharedRefresh(): Promise<string | null> {
    refreshing ??= refreshAccessToken().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function toResult<T>(response: Response): Promise<ApiResult<T>> {
    const body = await readBody(response);
    if (response.ok) return { ok: true, status: response.status, data: body as T };
    return {
      ok: false,
      status: response.status,
      message: firstErrorDetail(body) ?? messages.fallback,
      body,
    };
  }

  async function request<T>(path: string, init: RequestOptions = {}): Promise<ApiResult<T>> {
    try {
      const stores = options.stores();
      const response = await send(path, init, accessToken(stores));
      if (response.status !== 401 || !storeWithRefreshToken(stores))
        return await toResult<T>(response);
      const fresh = await sharedRefresh();
      if (!fresh) {
        clearSession(options.stores());
        options.onSessionExpired(messages.refreshFailed);
        return {
          ok: false,
          status: 401,
          message: messages.refreshFailed,
          body: null,
          sessionExpired: true,
        };
      }
      return await toResult<T>(await send(path, init, fresh));
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : messages.network;
      return { ok: false, status: 0, message, body: null };
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
