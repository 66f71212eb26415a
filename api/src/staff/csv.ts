/**
 * CSV files for staff to open in a spreadsheet: the dashboard's tables (tables.ts) and the
 * command-line lists (cli/listing.ts) write them here, with one rule against formulas.
 */

/** One cell: words, a count, or nothing. */
export type Cell = string | number | null;

/**
 * A spreadsheet reads a cell starting with one of these as a formula, or, for tab and carriage
 * return, may drop them and read what follows as one (OWASP, "CSV Injection").
 */
const formulaStart = /^[=+\-@\t\r]/;

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
const needsQuotes = /[",\r\n]/;
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * One field. Text that would start a formula is written as text, as OWASP says: a "'" before
 * it, inside quotes, which a spreadsheet shows and no formula reads. A count is written as the
 * number it is, a negative one too: "-3" from a number is the digits of a count we computed,
 * which a spreadsheet reads as the number -3, never a formula; only text can carry one.
 */
function csvField(cell: Cell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  if (formulaStart.test(cell)) return quoted(`'${cell}`);
  return needsQuotes.test(cell) ? quoted(cell) : cell;
}

const csvLine = (cells: readonly Cell[]) => `${cells.map(csvField).join(",")}\r\n`;

/** A CSV file (RFC 4180): a header row, then a line per row, each ending CRLF. */
export const csvFile = (headings: readonly string[], rows: readonly (readonly Cell[])[]): string =>
  csvLine(headings) + rows.map(csvLine).join("");
