import { refusedFormWords } from "@ysp/content/answers";
import { type ApiErrorItem, formAction } from "@ysp/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "./escape-html.ts";
import { postedForm } from "./form-routes.ts";
import { builtPagePath, type PageFile, type SiteFiles } from "./static-site.ts";

/**
 * A form posted without a script and refused for what a field holds is answered with the form's
 * own page again: what was typed kept (never a password), each message under its field, the
 * field marked invalid and described by it, the first one focused. The page is the built site's:
 * the one the form was on (its Referer, or the newsletter's `source` field), else the page whose
 * form posts to this address, found in the build once at start-up.
 */
export type FormPages = {
  /** The page a form posted to `action` is on, as built, and its path. */
  pageFor: (request: FastifyRequest) => { path: string; page: PageFile } | undefined;
  /**
   * Pages the server writes for one person (their data session, their link), by path: a refusal
   * on one comes back in that person's version, where the form is shown, not in the page as
   * built, which hides it.
   */
  personal: Map<string, PersonalPage>;
};

/** The page as one request's person sees it, or undefined when they see it as built. */
export type PersonalPage = (request: FastifyRequest) => Promise<string | undefined>;

/**
 * A form written again answers at the API's address, so its next post's Referer names no page:
 * its forms' actions carry the page they are on in this parameter instead.
 */
export const fromParameter = "from";
const apiActions = /(<form\b[^>]*\saction=")(\/api\/[^"?]*)"/g;
const forms = /<form\b[^>]*>[\s\S]*?<\/form>/g;
/** A form's fields as the build writes them: inputs, and selects with their options. */
const fields = /<input\b[^>]*>|<select\b[^>]*>[\s\S]*?<\/select>/g;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Where each API address's form is, by the `action` of the forms in the built pages. */
export function formPagesOf(site: Pick<SiteFiles, "pages" | "patterns">): FormPages {
  // A form on several pages: a post with no Referer came from one that sends none (the pages a
  // mailed link opens: /verify-email's new link, not /signed-up's).
  const pagesOfAction = new Map<
    string,
    { path: string; page: PageFile; sendsReferer: boolean }[]
  >();
  for (const [path, page] of site.pages) {
    const html = page.identity.body.toString("utf8");
    const sendsReferer = !html.includes('<meta name="referrer" content="no-referrer"');
    for (const [form] of html.matchAll(forms)) {
      const action = attribute(form.slice(0, form.indexOf(">")), "action");
      if (!action) continue;
      const found = pagesOfAction.get(action) ?? [];
      if (!found.some((one) => one.page === page)) found.push({ path, page, sendsReferer });
      pagesOfAction.set(action, found);
    }
  }
  const named = (path: unknown) => {
    if (typeof path !== "string") return undefined;
    const at = builtPagePath(site, path);
    const page = at ? site.pages.get(at) : undefined;
    return at && page ? { path: at, page } : undefined;
  };
  return {
    personal: new Map(),
    pageFor: (request) => {
      const [path = "/", query = ""] = request.originalUrl.split("?");
      if (!path.startsWith("/api/")) return named(path);
      const referer = request.headers.referer;
      const source = (request.body as Record<string, unknown> | undefined)?.source;
      const candidates = pagesOfAction.get(path) ?? [];
      return (
        named(new URLSearchParams(query).get(fromParameter)) ??
        named(referer ? URL.parse(referer)?.pathname : undefined) ??
        named(source) ??
        candidates.find((one) => one.sendsReferer === Boolean(referer)) ??
        candidates[0]
      );
    },
  };
}

/** A field the page itself marks invalid, with a note of its own (an invite code no student has). */
const markedInvalid = / aria-invalid="true"/;
/** A line's text as the page shows it: its markup and React's empty comments left out. */
const textOf = (html: string) => html.replace(/<!--[\s\S]*?-->|<[^>]*>/g, "").trim();

/** The text of the page's own message line among the ids a field is described by. */
function noteOf(form: string, ids: readonly string[]): string | undefined {
  for (const [, attributes = "", inner = ""] of form.matchAll(/<p\b([^>]*)>([\s\S]*?)<\/p>/g)) {
    const id = attribute(attributes, "id");
    const isMessage = /\bfield-error\b/.test(attribute(attributes, "class") ?? "");
    if (id && isMessage && ids.includes(id)) return textOf(inner);
  }
  return undefined;
}

/**
 * The page with the form that posts to `action` (none: the page's own, with no action) filled
 * in, or undefined when the page has no such form with every field named. Each message goes
 * under its field, the field marked invalid and described by it; a field the page marks invalid
 * already keeps its own note. Above the page's heading, a summary of the problems links to each
 * field and takes the focus, and the title starts with "Error:", so a screen reader hears first
 * that the form came back (GOV.UK's error summary). Constant markup and escaped values only,
 * written with replacer functions.
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
    /** Each field with a problem, in the form's order: its id and the line to link to it by. */
    const problems: { id: string; line: string; written: boolean }[] = [];
    const filled = form.replace(fields, (field) => {
      const end = field.indexOf(">") + 1;
      let tag = field.slice(0, end);
      let options = field.slice(end);
      const name = attribute(tag, "name");
      const id = attribute(tag, "id");
      const type = tag.startsWith("<select") ? "select" : (attribute(tag, "type") ?? "text");
      if (!name || type === "hidden" || type === "submit") return field;
      const value = values[name];
      if (typeof value === "string" && type === "select") {
        // The option chosen, and no other (as built, the empty "Choose…" one is).
        const option = `<option value="${escapeHtml(value)}"`;
        const unselected = options.replaceAll(' selected=""', "");
        const at = unselected.indexOf(option) + option.length;
        if (at >= option.length)
          options = `${unselected.slice(0, at)} selected=""${unselected.slice(at)}`;
      } else if (typeof value === "string" && type !== "password")
        tag = tag
          .replace(/\svalue="[^"]*"/, "")
          .replace(/^<input/, () => `<input value="${escapeHtml(value)}"`);
      if (!id) return tag + options;
      const described = attribute(tag, "aria-describedby")?.split(" ") ?? [];
      if (markedInvalid.test(tag)) {
        const line = noteOf(form, described) ?? escapeHtml(errors.get(name) ?? "");
        problems.push({ id, line, written: true });
        return tag + options;
      }
      const message = errors.get(name);
      if (!message) return tag + options;
      const list = [...described.filter((d) => d !== `${id}-error`), `${id}-error`].join(" ");
      tag = tag
        .replace(/\saria-(invalid|describedby)="[^"]*"/g, "")
        .replace(
          /^<(input|select)/,
          (opening) => `${opening} aria-invalid="true" aria-describedby="${escapeHtml(list)}"`,
        );
      problems.push({ id, line: escapeHtml(message), written: false });
      return tag + options;
    });
    const named = new Set(
      [...filled.matchAll(/<(?:input|select)\b[^>]*\saria-invalid="true"[^>]*>/g)].map((tag) =>
        attribute(tag[0], "name"),
      ),
    );
    if (![...errors.keys()].every((name) => named.has(name))) return undefined;
    let written = filled;
    for (const { id, line } of problems.filter((problem) => !problem.written)) {
      const full = `<p id="${id}-error" class="field-error">${line}</p>`;
      const empty = `<p id="${id}-error" class="field-error" hidden=""></p>`;
      // A form whose message line is rendered only with its script gets one at its end.
      written = written.includes(empty)
        ? written.replace(empty, () => full)
        : written.replace(/<\/form>$/, () => `${full}</form>`);
    }
    const start = found.index ?? 0;
    return withSummary(html.slice(0, start) + written + html.slice(start + form.length), problems);
  }
  return undefined;
}

/** The error summary above the page's first heading in its main part, and "Error:" in its title. */
function withSummary(html: string, problems: readonly { id: string; line: string }[]): string {
  const summary = `<div class="error-summary" tabindex="-1" autofocus=""><div role="alert"><h2>${escapeHtml(
    refusedFormWords.summaryTitle,
  )}</h2><ul>${problems
    .map(({ id, line }) => `<li><a href="#${escapeHtml(id)}">${line}</a></li>`)
    .join("")}</ul></div></div>`;
  const main = html.search(/<main\b/);
  const heading = main < 0 ? -1 : html.indexOf("<h1", main);
  const at = heading >= 0 ? heading : main >= 0 ? html.indexOf(">", main) + 1 : -1;
  const titled = (page: string) =>
    page.replace(/<title>/, () => `<title>${escapeHtml(refusedFormWords.titlePrefix)}`);
  if (at <= 0) return titled(html);
  return titled(html.slice(0, at) + summary + html.slice(at));
}

/**
 * The framework's scripts of a page that hydrates (the sign-up page): a page written again is
 * sent without them, as it works with no script. Its script would take the page over from what
 * React rendered at build time, not from what the server wrote into it (a summary, messages,
 * fields marked), and throw those away; the student who posted it had no script yet either.
 */
const frameworkScripts =
  /<link rel="modulepreload"[^>]*>|<script type="module"[^>]*>[\s\S]*?<\/script>/g;

/**
 * Answers a refused form post with its page again, 400, when every refusal names a field of
 * that form; false when it cannot, and the caller answers with a page of its own. A page written
 * for one person is sent once it is written: the caller returns the reply, which Fastify awaits
 * (a reply is thenable and settles when it is sent).
 */
export function sendFormAgain(reply: FastifyReply, items: readonly ApiErrorItem[]): boolean {
  const request = reply.request;
  const errors = new Map<string, string>();
  for (const { attr, detail } of items) {
    if (!attr) return false;
    if (!errors.has(attr)) errors.set(attr, detail);
  }
  const found = request.server.formPages.pageFor(request);
  if (!found || errors.size === 0) return false;
  const [path = "/"] = request.originalUrl.split("?");
  const name = postedForm(request);
  const again = (html: string) =>
    formAgain(
      html,
      name ? formAction(name) : path.startsWith("/api/") ? path : undefined,
      (request.body as Record<string, unknown> | undefined) ?? {},
      errors,
    );
  const built = found.page.identity.body.toString("utf8");
  const html = again(built);
  if (html === undefined) return false;
  const from = `?${fromParameter}=${encodeURIComponent(found.path)}`;
  const send = (page: string) =>
    reply
      .code(400)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .header("Content-Security-Policy", found.page.contentSecurityPolicy)
      .send(
        page
          .replace(frameworkScripts, "")
          .replace(
            apiActions,
            (_, start: string, action: string) => `${start}${action}${escapeHtml(from)}"`,
          ),
      );
  const personal = request.server.formPages.personal.get(found.path);
  if (!personal) {
    send(html);
    return true;
  }
  personal(request).then(
    (written) => send((written === undefined ? undefined : again(written)) ?? html),
    (error: unknown) => reply.send(error),
  );
  return true;
}
