import { escapeHtml } from "./escape-html.ts";
import { MissingBuildError } from "./static-site.ts";

/**
 * Places in a built page the server writes one person's facts into, each found by its id or its
 * field's name. Constant markup and escaped values only, spliced in by slicing: a value holding
 * `$&` or `` $` `` is text, never a pattern that copies the page into itself.
 */

/** One change to a built page; it throws when the page has no place for it. */
export type Edit = (html: string) => string;

function replaceOnce(html: string, pattern: RegExp, replacer: (match: string) => string): string {
  const match = pattern.exec(html);
  if (!match) throw new MissingBuildError(`a built page has nothing matching ${pattern}`);
  return (
    html.slice(0, match.index) + replacer(match[0]) + html.slice(match.index + match[0].length)
  );
}

const openingTag = (id: string) => new RegExp(`<[a-z0-9]+ id="${id}"[^>]*>`);
export const show =
  (id: string): Edit =>
  (html) =>
    replaceOnce(html, openingTag(id), (tag) => tag.replace(' hidden=""', ""));
export const hide =
  (id: string): Edit =>
  (html) =>
    replaceOnce(html, openingTag(id), (tag) => `${tag.slice(0, -1)} hidden="">`);
/**
 * Writes `innerHtml` (already escaped) into the element with this id, in place of the text it
 * holds as built (none, or words for everyone such as "your email").
 */
export const fill =
  (id: string, innerHtml: string): Edit =>
  (html) =>
    replaceOnce(html, new RegExp(`<([a-z0-9]+) id="${id}"[^>]*>[^<]*</\\1>`), (element) => {
      const open = element.indexOf(">") + 1;
      const close = element.lastIndexOf("</");
      return element.slice(0, open) + innerHtml + element.slice(close);
    });
/** The `<title>` the build wrote. */
export const titleElement = /<title>[^<]*<\/title>/;

/** Sets the page's title to `text`. */
export const title =
  (text: string): Edit =>
  (html) =>
    replaceOnce(html, titleElement, () => `<title>${escapeHtml(text)}</title>`);

/** Sets the address of the link with this id (built with an href for everyone). */
export const href =
  (id: string, url: string): Edit =>
  (html) =>
    replaceOnce(html, openingTag(id), (tag) => {
      if (!/ href="[^"]*"/.test(tag)) throw new MissingBuildError(`#${id} has no href`);
      return tag.replace(/ href="[^"]*"/, () => ` href="${escapeHtml(url)}"`);
    });
/** Writes a value into the input named `name`, built with `value=""`. */
export const value =
  (name: string, text: string): Edit =>
  (html) =>
    replaceOnce(html, new RegExp(`<input [^>]*name="${name}"[^>]*>`), (tag) => {
      if (!tag.includes(' value=""')) throw new MissingBuildError(`input ${name} has no value=""`);
      const at = tag.indexOf(' value=""');
      return `${tag.slice(0, at)} value="${escapeHtml(text)}"${tag.slice(at + ' value=""'.length)}`;
    });

/** The page with each edit made, in order. */
export const withEdits = (html: string, edits: readonly Edit[]) =>
  edits.reduce((text, edit) => edit(text), html);
