import { escapeHtml } from "../../pages/escape-html.ts";

/** Text of the document's in a line: escaped, with `code` in backticks and nothing more. */
export const inline = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, "<code>$1</code>");

/** Text of the document's as paragraphs, split on blank lines. */
export const prose = (text: string | undefined) =>
  block(
    ...(text ?? "")
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .map((paragraph) => paragraph && `<p>${inline(paragraph)}</p>`),
  );

export const code = (text: string) => `<code>${escapeHtml(text)}</code>`;

/** The parts there are, a line each: a part left out is false, undefined or "". */
export const block = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join("\n");
