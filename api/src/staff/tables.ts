import { staffDashboardWords } from "@ysp/content/staff-dashboard";
import { staffPages } from "@ysp/contract/staff";
import { escapeHtml } from "../pages/escape-html.ts";
import { type Cell, csvFile } from "./csv.ts";

export type { Cell };

/** A table of the dashboard, as its page shows it and its CSV file holds it. */
export type Table = {
  /** Its name in its CSV file's address, `/staff/tables/<name>.csv`: lower case and "-". */
  name: string;
  /** Its caption, and what its download link names. */
  title: string;
  headings: readonly string[];
  /** Each row a cell per heading; the first cell names the row. */
  rows: readonly (readonly Cell[])[];
  /** Said under the headings when there are no rows. */
  empty: string;
  /** The query its CSV file's address keeps ("?source=whatsapp"), or "". */
  query: string;
};

/** Where every table's CSV file is: `${staffTablesPath}/<name>.csv`. */
export const staffTablesPath = staffPages.tables;

export const csvHref = (table: Pick<Table, "name" | "query">) =>
  `${staffTablesPath}/${table.name}.csv${table.query}`;

/**
 * A table longer than this scrolls in a box of its own height (staff.css), so the sections
 * after its 30 or 90 days are a short scroll away; the 12 weeks of the funnel show whole.
 */
const longTableRows = 12;

/** Counts as an English reader reads them: "1,234". */
const numbers = new Intl.NumberFormat("en-GB");

const cellText = (cell: Cell) =>
  cell === null ? "" : typeof cell === "number" ? numbers.format(cell) : cell;

/** The columns whose cells are all numbers (or empty): they are right-aligned, so digits line up. */
function numericColumns(table: Table): boolean[] {
  return table.headings.map(
    (_, column) =>
      table.rows.length > 0 &&
      table.rows.every((row) => row[column] === null || typeof row[column] === "number"),
  );
}

const numberClass = (numeric: boolean | undefined) => (numeric ? ' class="staff-number"' : "");

function rowHtml(row: readonly Cell[], numeric: boolean[]): string {
  const cells = row.map((cell, column) => {
    const [open, close] = column === 0 ? ['th scope="row"', "th"] : ["td", "td"];
    return `<${open}${numberClass(numeric[column])}>${escapeHtml(cellText(cell))}</${close}>`;
  });
  return `<tr>${cells.join("")}</tr>`;
}

/**
 * The table as HTML: a caption, a heading per column (`scope="col"`), the first cell of a row
 * its heading (`scope="row"`), counts right-aligned, every value escaped, and a link to its CSV
 * file. It scrolls sideways in its own box on a narrow screen; the box is labelled by the
 * caption and takes the keyboard's focus, so it can be scrolled without a mouse (WCAG 2.1.1).
 */
export function tableHtml(table: Table): string {
  const id = `staff-table-${escapeHtml(table.name)}`;
  const numeric = numericColumns(table);
  const headings = table.headings
    .map((heading, column) => {
      const scope = numeric[column] ? ' scope="col" class="staff-number"' : ' scope="col"';
      return `<th${scope}>${escapeHtml(heading)}</th>`;
    })
    .join("");
  const body = table.rows.map((row) => rowHtml(row, numeric)).join("");
  const empty =
    table.rows.length === 0 ? `<p class="staff-empty">${escapeHtml(table.empty)}</p>` : "";
  const download = staffDashboardWords.download(table.title);
  const scroll =
    table.rows.length > longTableRows
      ? "staff-table-scroll staff-table-long"
      : "staff-table-scroll";
  return (
    `<div class="staff-table"><div class="${scroll}" role="region" aria-labelledby="${id}" tabindex="0">` +
    `<table><caption id="${id}">${escapeHtml(table.title)}</caption>` +
    `<thead><tr>${headings}</tr></thead><tbody>${body}</tbody></table></div>${empty}` +
    `<p class="staff-download"><a href="${escapeHtml(csvHref(table))}" download>${escapeHtml(download)}</a></p></div>`
  );
}

/** The table as a CSV file (csv.ts). */
export const tableCsv = (table: Table): string => csvFile(table.headings, table.rows);
