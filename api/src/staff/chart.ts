import { staffDashboardWords } from "@ysp/content/staff-dashboard";
import { escapeHtml } from "../pages/escape-html.ts";

/** Sign-ups on one Lagos day, "2026-11-29". */
export type DayCount = { day: string; signups: number };

/**
 * The drawing's own units: the SVG scales to its box's width by its viewBox, keeping this shape.
 * The margins leave room for the labels at the phone's text size (staff.css: 22 units, about
 * 12 px on a 360 px screen), the left one for four digits.
 */
const size = { width: 600, height: 260 };
const margin = { left: 56, right: 8, top: 14, bottom: 36 };
const plot = {
  width: size.width - margin.left - margin.right,
  height: size.height - margin.top - margin.bottom,
};

/** A bar fills three quarters of its day's slot, so bars side by side stay apart. */
const barShare = 0.75;

/**
 * One day in 15 is labelled: 6 labels for 90 days, each about 90 units apart, wider than the
 * widest label ("30 Sept", about 85 units at 22). They start half a step in, so neither end's
 * label runs off the drawing.
 */
const labelEvery = 15;

/** "29 Nov", for an ISO day, as the axis names it. */
const shortDay = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
export const dayLabel = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));

/** One decimal is finer than a pixel at any width the chart is drawn. */
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The top of the y-axis and the step between its gridlines: a round number (1, 2 or 5 times a
 * power of ten) that makes about 4 steps up to the busiest day, at least 4 so a quiet quarter
 * still has a scale.
 */
export function yAxis(peak: number): { max: number; step: number } {
  if (peak <= 4) return { max: 4, step: 1 };
  const rough = peak / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  return { max: Math.ceil(peak / step) * step, step };
}

const yOf = (count: number, max: number) =>
  round(margin.top + plot.height - (count / max) * plot.height);

function gridlines({ max, step }: { max: number; step: number }): string {
  const lines: string[] = [];
  for (let value = 0; value <= max; value += step) {
    const y = yOf(value, max);
    lines.push(
      `<line x1="${margin.left}" x2="${size.width - margin.right}" y1="${y}" y2="${y}"/>` +
        `<text x="${margin.left - 8}" y="${y}" dy="0.35em" text-anchor="end">${value}</text>`,
    );
  }
  return `<g class="staff-chart-grid">${lines.join("")}</g>`;
}

function bars(days: readonly DayCount[], max: number): string {
  const slot = plot.width / days.length;
  const drawn = days.flatMap(({ day, signups }, index) => {
    if (signups === 0) return [];
    const y = yOf(signups, max);
    const x = round(margin.left + index * slot + (slot * (1 - barShare)) / 2);
    const title = staffDashboardWords.signups.chart.bar(dayLabel(day), signups);
    return [
      `<rect x="${x}" y="${y}" width="${round(slot * barShare)}" height="${round(margin.top + plot.height - y)}"><title>${escapeHtml(title)}</title></rect>`,
    ];
  });
  return `<g class="staff-chart-bars">${drawn.join("")}</g>`;
}

function dayLabels(days: readonly DayCount[]): string {
  const slot = plot.width / days.length;
  const first = Math.floor(labelEvery / 2);
  const labels: string[] = [];
  for (let index = first; index < days.length; index += labelEvery) {
    const day = days[index];
    if (!day) continue;
    const x = round(margin.left + (index + 0.5) * slot);
    labels.push(
      `<text x="${x}" y="${size.height - 8}" text-anchor="middle">${escapeHtml(dayLabel(day.day))}</text>`,
    );
  }
  return `<g class="staff-chart-days">${labels.join("")}</g>`;
}

/**
 * Sign-ups per day as bars in an inline SVG: no library, no script. Its width follows its box
 * (the viewBox keeps its shape); the y-axis is labelled at each gridline up to its top, and a
 * day in 15 along the bottom. It is one image to a screen reader (`role="img"`), named by its
 * title and described by `description`: the numbers themselves are in the table under it.
 */
export function signupsChart(
  days: readonly DayCount[],
  text: { title: string; description: string },
): string {
  const axis = yAxis(Math.max(0, ...days.map((day) => day.signups)));
  const baseline = margin.top + plot.height;
  return (
    `<svg class="staff-chart-svg" viewBox="0 0 ${size.width} ${size.height}" font-size="22" role="img" aria-labelledby="staff-chart-title staff-chart-desc">` +
    `<title id="staff-chart-title">${escapeHtml(text.title)}</title>` +
    `<desc id="staff-chart-desc">${escapeHtml(text.description)}</desc>` +
    gridlines(axis) +
    bars(days, axis.max) +
    `<line class="staff-chart-axis" x1="${margin.left}" x2="${size.width - margin.right}" y1="${baseline}" y2="${baseline}"/>` +
    dayLabels(days) +
    "</svg>"
  );
}
