import { escapeHtml } from "./escape-html.ts";
import { momentWords } from "./lagos-time.ts";

/** The words a record's values are shown in: its page's own. */
export type RecordWords = {
  /** A value with nothing in it. */
  empty: string;
  yes: string;
  no: string;
  /** A table with no rows, or a list with no items. */
  none: string;
  /** Stored names of things ("terms_accepted") as the content names them. */
  values: Readonly<Record<string, string>>;
  /** An item of a list of values that is null (a device its User-Agent did not name). */
  unknownItem?: string;
};

/**
 * A person's stored records as HTML, as "View my data" (pages/your-data-view.ts) and a staff
 * member's look at a student (staff/student-lookup.ts) both show them: one section a part, a
 * list of fields for a record and a numbered list of them for a table, every value escaped.
 */
export function recordHtml(words: RecordWords) {
  /** A stored value in words: dates in Lagos time, stored names as the content names them. */
  function valueWords(value: unknown): string {
    if (value === null || value === undefined || value === "") return words.empty;
    if (value instanceof Date) return momentWords(value);
    if (typeof value === "boolean") return value ? words.yes : words.no;
    if (Array.isArray(value))
      return value.length === 0
        ? words.none
        : value
            .map((item) => (item === null ? (words.unknownItem ?? words.empty) : valueWords(item)))
            .join(", ");
    const text = String(value);
    return words.values[text] ?? text;
  }

  function fieldList(row: Record<string, unknown>, names: Record<string, string>): string {
    const items = Object.entries(names).map(
      ([key, name]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(valueWords(row[key]))}</dd>`,
    );
    return `<dl>${items.join("")}</dl>`;
  }

  return {
    valueWords,
    /** One part: a heading, and its record's fields or its table's rows. */
    section(title: string, names: Record<string, string>, value: unknown): string {
      const body = Array.isArray(value)
        ? value.length === 0
          ? `<p>${escapeHtml(words.none)}</p>`
          : `<ol>${value.map((row) => `<li>${fieldList(row, names)}</li>`).join("")}</ol>`
        : fieldList(value as Record<string, unknown>, names);
      return `<section><h2>${escapeHtml(title)}</h2>${body}</section>`;
    },
  };
}
