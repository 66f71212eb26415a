/**
 * Dates as our readers read them, in Lagos time (docs/spec.md: the company and its students are
 * in Nigeria), in the words of British English, which Nigeria writes: "25 December 2026".
 */
const day = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Africa/Lagos",
});
const moment = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});

/** "25 December 2026". */
export const dayWords = (date: Date) => day.format(date);

/** "27 November 2026 at 07:52". */
export const momentWords = (date: Date) => moment.format(date);

/**
 * Lagos keeps West Africa Time, UTC+1, all year (no summer time), so an hour added to UTC gives
 * its clock without Intl, which costs a page view about 2 µs more.
 */
export const lagosOffsetMs = 3_600_000;

/** The Lagos date of a moment, "2026-11-29", as the database's `date` takes it. */
export const lagosDate = (ms: number) => new Date(ms + lagosOffsetMs).toISOString().slice(0, 10);

/** The Lagos minute of a moment, "2026-11-29 07:52": sortable in a spreadsheet, plain on a page. */
export const lagosMinute = (ms: number) =>
  new Date(ms + lagosOffsetMs).toISOString().slice(0, 16).replace("T", " ");
