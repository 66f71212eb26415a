/**
 * Reading the pages the server sends, for tests: where an element ends, and the page as a reader
 * meets it. Enough for the build's own markup (React's: quoted attributes, closed elements).
 */

/** Elements with no content and no closing tag. */
const voidElements = new Set(["br", "hr", "img", "input", "link", "meta", "source", "wbr"]);

/** Where the element whose content `html` starts with ends: at its `tag`'s own closing tag. */
export function elementEnd(html: string, tag: string): number {
  let depth = 1;
  for (const found of html.matchAll(new RegExp(`<(/?)${tag}[\\s>]`, "g"))) {
    depth += found[1] ? -1 : 1;
    if (depth === 0) return found.index;
  }
  return html.length;
}

/** The page without its hidden elements (the `hidden` attribute), as a reader meets it. */
export function withoutHidden(html: string): string {
  const opening = /<([a-z][a-z0-9]*)\b[^>]*\shidden=""[^>]*>/.exec(html);
  if (!opening) return html;
  const [whole, tag = ""] = opening;
  const rest = html.slice(opening.index + whole.length);
  const after = voidElements.has(tag) ? 0 : elementEnd(rest, tag) + `</${tag}>`.length;
  return html.slice(0, opening.index) + withoutHidden(rest.slice(after));
}
