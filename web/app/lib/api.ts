import { createApiClient } from "./api-client.ts";
import { browserStores } from "./browser-stores.ts";
import { showToast } from "./toasts.ts";

const reloadDelayMs = 1500;

/** Where the API is: same origin unless the build sets VITE_API_BASE_URL. */
export const apiBaseUrl = import.meta.env.VITE_API_BASE_URL ?? "";

export const api = createApiClient({
  baseUrl: apiBaseUrl,
  stores: browserStores,
  onSessionExpired: (message) => {
    void showToast("error", message);
    // Long enough to read the message before the page starts again signed out.
    window.setTimeout(() => window.location.reload(), reloadDelayMs);
  },
});
