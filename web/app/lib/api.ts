import type { ApiAnswer, ApiBody, ApiPath } from "@ysp/contract/api-paths";
import { createApiClient, type RequestOptions } from "./api-client.ts";
import { browserStores } from "./browser-stores.ts";
import { showToast } from "./toasts.ts";

const reloadDelayMs = 1500;

/** Where the API is: same origin unless the build sets VITE_API_BASE_URL. */
export const apiBaseUrl = import.meta.env.VITE_API_BASE_URL ?? "";

const client = createApiClient({
  baseUrl: apiBaseUrl,
  stores: browserStores,
  onSessionExpired: (message) => {
    void showToast("error", message);
    // Long enough to read the message before the page starts again signed out.
    window.setTimeout(() => window.location.reload(), reloadDelayMs);
  },
});

type Init = Omit<RequestOptions, "method" | "body">;

/**
 * The site's calls to the API, typed by the API's own document (contract/openapi.ts): an
 * address, a body or an answer that drifts from what the server describes does not compile.
 */
export const api = {
  get: <P extends ApiPath<"get">>(path: P, init?: Init) =>
    client.get<ApiAnswer<P, "get">>(path, init),
  post: <P extends ApiPath<"post">>(path: P, body: ApiBody<P, "post">, init?: Init) =>
    client.post<ApiAnswer<P, "post">>(path, body, init),
};
