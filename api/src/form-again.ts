import type { ApiErrorItem } from "@ysp/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "./escape-html.ts";
import { builtPagePath, type PageFile, type SiteFiles } from "./static-site.ts";

/**
 * A form posted without a script and refused for what a field holds is answered with the form's
 * own page again: what was typed kept (never a password), each message under its field, the
 * field marked invalid and described by it, the first one focused. The page is the built site's:
 * the one the form was on (its Referer, or the newsletter's `source` field), else the page whose
 * form posts to this address, found in the build once at start-up.
 */
export type FormPages = {
  /** The page a form posted to `action` is on, as built. */
  pageFor: (request: FastifyRequest) => PageFile | undefined;
};

const signupAddress = "/api/v1/auth/signup/";
const forms = /<form\b[^>]*>[\s\S]*?<\/form>/g;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Where each API address's form is, by the `action` of the forms in the built pages. */
export function formPagesOf(site: Pick<SiteFiles, "pages" | "patterns">): FormPages {
  // A form on several pages: a post with no Referer came from one that sends none (the pages a
  // mailed link opens: /verify-email's new link, not /signed-up's).
  const pagesOfAction = new Map<string, { page: PageFile; sendsReferer: boolean }[]>();
  for (const [, page] of site.pages) {
    const html = page.identity.body.toString("utf8");
    const sendsReferer = !html.includes('<meta name="referrer" content="no-referrer"');
    for (const [form] of html.matchAll(forms)) {
      const action = attribute(form.slice(0, form.indexOf(">")), "action");
      if (!action) continue;
      const found = pagesOfAction.get(action) ?? [];
      if (!found.some((one) => one.page === page)) found.push({ page, sendsReferer });
      pagesOfAction.set(action, found);
    }
  }
  const named = (path: unknown) => {
    if (typeof path !== "string") return undefined;
    const at = builtPagePath(site, path);
    return at ? site.pages.get(at) : undefined;
  };
  return {
    pageFor: (request) => {
      const [path = "/"] = request.url.split("?");
      if (!path.startsWith("/api/")) return named(path);
      const referer = request.headers.referer;
      const source = (request.body as Record<string, unknown> | undefined)?.source;
      const candidates = pagesOfAction.get(path) ?? [];
      return (
        named(referer ? URL.parse(referer)?.pathname : undefined) ??
        named(source) ??
        (candidates.find((one) => one.sendsReferer === Boolean(referer)) ?? candidates[0])?.page
      );
    },
  };
}

/**
 * The page with the form that posts to `action` (none: the page's own, with no action) filled
 * in, or undefined when the page has no such form with every field named. Constant markup and
 * escaped values only, written with replacer functions.
 */
export function formAgain(
  html: string,
  action: string | undefined,
  values: Readonly<Record<string, unknown>>,
  errors: ReadonlyMap<string, string>,
): string | undefined {
  for (const found of html.matchAll(forms)) {
    const form = found[0];
    if (attribute(form.slice(0, form.indexOf(">")), "action") !== action) continue;
    if (![...errors.keys()].every((name) => form.includes(`name="${name}"`))) continue;
    const marked: [id: string, message: string][] = [];
    const filled = form.replace(/<input\b[^>]*>/g, (input) => {
      const name = attribute(input, "name");
      const id = attribute(input, "id");
      const type = attribute(input, "type") ?? "text";
      if (!name || type === "hidden" || type === "submit") return input;
      let tag = input;
      const value = values[name];
      if (typeof value === "string" && type !== "password")
        tag = tag
          .replace(/\svalue="[^"]*"/, "")
          .replace(/^<input/, () => `<input value="${escapeHtml(value)}"`);
      const message = errors.get(name);
      if (message && id) {
        const described = attribute(tag, "aria-describedby")?.split(" ") ?? [];
        const list = [...described.filter((d) => d !== `${id}-error`), `${id}-error`].join(" ");
        tag = tag
          .replace(/\saria-(invalid|describedby)="[^"]*"/g, "")
          .replace(
            /^<input/,
            () =>
              `<input aria-invalid="true" aria-describedby="${escapeHtml(list)}"${marked.length === 0 ? " autofocus" : ""}`,
          );
        marked.push([id, message]);
      }
      return tag;
    });
    if (marked.length !== errors.size) return undefined;
    let written = filled;
    for (const [id, message] of marked) {
      const line = `<p id="${id}-error" class="field-error">${escapeHtml(message)}</p>`;
      const empty = `<p id="${id}-error" class="field-error" hidden=""></p>`;
      // A form whose message line is rendered only with its script gets one at its end.
      written = written.includes(empty)
        ? written.replace(empty, () => line)
        : written.replace(/<\/form>$/, () => `${line}</form>`);
    }
    const start = found.index ?? 0;
    return html.slice(0, start) + written + html.slice(start + form.length);
  }
  return undefined;
}

/**
 * Answers a refused form post with its page again, 400, when every refusal names a field of
 * that form; false when it cannot, and the caller answers with a page of its own.
 */
export function sendFormAgain(reply: FastifyReply, items: readonly ApiErrorItem[]): boolean {
  const request = reply.request;
  // The sign-up's refusals keep their own answer (its page is written by join-page.ts).
  if (request.url.startsWith(signupAddress)) return false;
  const errors = new Map<string, string>();
  for (const { attr, detail } of items) {
    if (!attr) return false;
    if (!errors.has(attr)) errors.set(attr, detail);
  }
  const page = request.server.formPages.pageFor(request);
  if (!page || errors.size === 0) return false;
  const [path = "/"] = request.url.split("?");
  const html = formAgain(
    page.identity.body.toString("utf8"),
    path.startsWith("/api/") ? path : undefined,
    (request.body as Record<string, unknown> | undefined) ?? {},
    errors,
  );
  if (html === undefined) return false;
  reply
    .code(400)
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "no-store")
    .header("Content-Security-Policy", page.contentSecurityPolicy)
    .send(html);
  return true;
}
