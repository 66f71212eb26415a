/** Where the API is: same origin unless the build sets VITE_API_BASE_URL. */
export const apiBaseUrl = import.meta.env.VITE_API_BASE_URL ?? "";

/** After "session expired": long enough to read the message before the page starts again signed out. */
export const sessionExpiredReloadMs = 1500;
