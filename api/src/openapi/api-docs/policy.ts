import { cspHash } from "./csp-hash.ts";

/**
 * The reference's Content-Security-Policy, from the page as built: its inline style by hash,
 * and nothing else. It runs no script, so there is no script-src to allow anything by.
 */
export function apiDocsPolicy(html: string): string {
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css = ""]) =>
    cspHash(css),
  );
  return [
    "default-src 'none'",
    `style-src ${styles.join(" ") || "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
