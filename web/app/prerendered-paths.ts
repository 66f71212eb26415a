/**
 * Every path rendered to an HTML file at build time. The API server serves
 * these files; `/join/<code>` gets the `/join` file and the not-found page
 * is rendered from a path no route owns.
 */
export const notFoundPath = "/__not-found";

export const prerenderedPaths = [
  "/",
  "/login",
  "/about-us",
  "/faqs",
  "/terms-of-service",
  "/privacy-policy",
  "/join",
  notFoundPath,
] as const;
