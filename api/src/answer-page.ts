import { cspHash } from "./csp-hash.ts";
import { escapeHtml } from "./escape-html.ts";
import { serverPage } from "./server-page.ts";

/**
 * A link marked `data-back` goes back through history where it can, so the
 * form is found as it was left, fields filled. It is inline and listens on the
 * document from the page's head, so it is in place before the link can be
 * tapped: as a file of its own it arrived after the page on a slow link, and a
 * tap before then opened the form again empty.
 */
const backScript = `document.addEventListener("click", (event) => {
  const link = event.target instanceof Element && event.target.closest("a[data-back]");
  if (!link || history.length < 2 || !document.referrer.startsWith(location.origin + "/")) return;
  event.preventDefault();
  history.back();
});`;

const style = `body{margin:0;min-height:100dvh;display:grid;place-items:center;padding:1.5rem;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;line-height:1.55;color:#14213d;background:#f2f6fb}
main{max-width:28rem;padding:1.5rem;border:1px solid #d7dfea;border-radius:12px;background:#fff;text-align:center}
h1{margin:0 0 .5rem;font-size:1.5rem;color:#0a2f5c}
a{display:inline-block;margin-top:1rem;padding:.7rem 1.3rem;border-radius:999px;background:#0b4f9c;color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}`;

/** The answer page's own Content-Security-Policy: its one script and style, its icon, nothing else. */
export const answerPagePolicy = [
  "default-src 'none'",
  `script-src ${cspHash(backScript)}`,
  `style-src ${cspHash(style)}`,
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The page a plain form post gets back (see form-posts.ts). `href` is where a
 * `back` link goes when there is no history to go back through.
 */
export function answerPage({
  title,
  lines,
  link,
}: {
  title: string;
  lines: readonly string[];
  link: { href: string; text: string; back?: boolean };
}): string {
  return serverPage({
    title: `${title} | YSP`,
    head: `<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${style}</style>${link.back ? `\n<script>${backScript}</script>` : ""}`,
    main: `<h1>${escapeHtml(title)}</h1>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<a href="${escapeHtml(link.href)}"${link.back ? " data-back" : ""}>${escapeHtml(link.text)}</a>`,
  });
}
