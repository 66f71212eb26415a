import { dataRightsWords } from "@ysp/content/data-rights";
import type { PersonalData } from "../accounts/personal-data.ts";
import { escapeHtml } from "./escape-html.ts";
import { recordHtml } from "./record-html.ts";

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

const records = recordHtml(words);

/**
 * The download as the HTML of "View my data" (web/app/routes/your-data-view.tsx): one section a
 * part, a list of fields for a record and a numbered list of them for a table, every value
 * escaped. The same content as the file, in the same order.
 */
export function dataViewHtml(data: DataExport): string {
  const parts = (Object.keys(sections) as Section[]).map((key) => {
    const { title, fields } = sections[key];
    return records.section(title, fields as Record<string, string>, data[key]);
  });
  const made = `<p>${escapeHtml(words.made)} ${escapeHtml(records.valueWords(new Date(data.exported_at)))}</p>`;
  return made + parts.join("");
}
