import { createApiClient } from "./api-client.ts";
import { showToast } from "./toasts.ts";

const reloadDelayMs = 1500;

/** The site's API client: same origin unless the build sets VITE_API_BASE_URL. */
export const api = createApiClient({
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? "",
  stores: () => ({ session: window.sessionStorage, local: window.localStorage }),
  onSessionExpired: (message) => {
    void showToast("error", message);
    // Long enough to read the message before the page starts again signed out.
    window.setTimeout(() => window.location.reload(), reloadDelayMs);
  },
});
