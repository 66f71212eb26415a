import { dataRightsWords } from "@ysp/content/data-rights";
import type { PersonalData } from "../accounts/personal-data.ts";
import { escapeHtml } from "./escape-html.ts";
import { momentWords } from "./lagos-time.ts";

const words = dataRightsWords.view;

export type DataExport = Awaited<ReturnType<PersonalData["download"]>>;
type Section = Exclude<keyof DataExport, "exported_at">;

/**
 * Every part of the download has a heading and a name for each of its fields: a part or a field
 * added to the download without its words fails the typecheck here.
 */
const sections: {
  [K in Section]: {
    title: string;
    fields: Record<
      keyof (DataExport[K] extends readonly (infer Row)[] ? Row : DataExport[K]),
      string
    >;
  };
} = words.sections;

/** The stored names of things the content has words for. */
const values: Readonly<Record<string, string>> = words.values;

/** A stored value in words: dates in Lagos time, stored names as the content names them. */
function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === "") return words.empty;
  if (value instanceof Date) return momentWords(value);
  if (typeof value === "boolean") return value ? words.yes : words.no;
  const text = String(value);
  return values[text] ?? text;
}

function fieldList(row: Record<string, unknown>, names: Record<string, string>): string {
  const items = Object.entries(names).map(
    ([key, name]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(valueWords(row[key]))}</dd>`,
  );
  return `<dl>${items.join("")}</dl>`;
}

/**
 * The download as the HTML of "View my data" (web/app/routes/your-data-view.tsx): one section a
 * part, a list of fields for a record and a numbered list of them for a table, every value
 * escaped. The same content as the file, in the same order.
 */
export function dataViewHtml(data: DataExport): string {
  const parts = (Object.keys(sections) as Section[]).map((key) => {
    const { title, fields } = sections[key];
    const value: unknown = data[key];
    const names = fields as Record<string, string>;
    const body = Array.isArray(value)
      ? value.length === 0
        ? `<p>${escapeHtml(words.none)}</p>`
        : `<ol>${value.map((row) => `<li>${fieldList(row, names)}</li>`).join("")}</ol>`
      : fieldList(value as Record<string, unknown>, names);
    return `<section><h2>${escapeHtml(title)}</h2>${body}</section>`;
  });
  const made = `<p>${escapeHtml(words.made)} ${escapeHtml(valueWords(new Date(data.exported_at)))}</p>`;
  return made + parts.join("");
}
