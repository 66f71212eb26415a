import type { ApiAnswer, ApiBody, ApiPath } from "@ysp/contract/api-paths";
import { apiBaseUrl, sessionExpiredReloadMs } from "./api-base.ts";
import { createApiClient, type RequestOptions } from "./api-client.ts";
import { browserStores } from "./browser-stores.ts";
import { showToast } from "./toasts.ts";

export { apiBaseUrl };

const client = createApiClient({
  baseUrl: apiBaseUrl,
  stores: browserStores,
  onSessionExpired: (message) => {
    void showToast("error", message);
    window.setTimeout(() => window.location.reload(), sessionExpiredReloadMs);
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
