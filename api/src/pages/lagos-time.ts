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
