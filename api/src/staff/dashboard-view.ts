import { staffDashboardWords } from "@ysp/content/staff-dashboard";
import { type StaffRole, staffPages } from "@ysp/contract/staff";
import { escapeHtml } from "../pages/escape-html.ts";
import { dayWords } from "../pages/lagos-time.ts";
import { type DayCount, signupsChart } from "./chart.ts";
import {
  type DashboardFilter,
  type DashboardTables,
  dataRequestDeadlineDays,
  parentRequestWarningDays,
  topReferringSites,
} from "./dashboard.ts";
import { tableHtml } from "./tables.ts";

const words = staffDashboardWords;

/** "29 November 2026", for an ISO day: noon UTC is that day in Lagos too. */
const dayInWords = (day: string) => dayWords(new Date(`${day}T12:00:00Z`));

const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;

type FieldWords = { label: string; hint: string };

/** A text field with its label and hint, the hint read with it (`aria-describedby`). */
function field(name: string, fieldWords: FieldWords, value: string | undefined, more: string) {
  const id = `staff-filter-${name}`;
  return (
    `<div class="staff-field"><label for="${id}">${escapeHtml(fieldWords.label)}</label>` +
    `<span class="staff-hint" id="${id}-hint">${escapeHtml(fieldWords.hint)}</span>` +
    `<input id="${id}" name="${name}" type="text" value="${escapeHtml(value ?? "")}" aria-describedby="${id}-hint" maxlength="64" autocomplete="off" spellcheck="false" ${more}></div>`
  );
}

/** The filter as a sentence, or none when it holds nothing. */
function filterSentence({ source, code }: DashboardFilter): string | undefined {
  const filter = words.signups.filter;
  if (source && code) return filter.showingBoth(source, code);
  if (source) return filter.showingSource(source);
  if (code) return filter.showingCode(code);
  return undefined;
}

/**
 * The filter: a plain GET form to the dashboard itself, so it works with no script and its
 * address can be bookmarked or sent to a colleague. What it holds is what the server kept.
 */
function filterForm(filter: DashboardFilter): string {
  const form = words.signups.filter;
  const sentence = filterSentence(filter);
  const clear = sentence
    ? `<a class="staff-filter-clear" href="${staffPages.home}">${escapeHtml(form.clear)}</a>`
    : "";
  return (
    `<form class="staff-filter" method="get" action="${staffPages.home}"><fieldset>` +
    `<legend>${escapeHtml(form.legend)}</legend>` +
    field("source", form.source, filter.source, 'autocapitalize="none"') +
    field("code", form.code, filter.code, 'autocapitalize="characters"') +
    `<div class="staff-filter-actions"><button class="staff-button" type="submit">${escapeHtml(form.submit)}</button>${clear}</div>` +
    `</fieldset></form>` +
    (sentence ? `<p class="staff-filter-note">${escapeHtml(sentence)}</p>` : "")
  );
}

/** What the chart shows, said in words for a screen reader: the total, the busiest day, the filter. */
function chartDescription(days: readonly DayCount[], filter: DashboardFilter): string {
  const chart = words.signups.chart;
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return chart.numbers;
  const total = days.reduce((sum, day) => sum + day.signups, 0);
  const busiest = days.reduce((top, day) => (day.signups > top.signups ? day : top), first);
  return [
    filterSentence(filter),
    chart.summary(total, dayInWords(first.day), dayInWords(last.day)),
    total > 0 ? chart.busiest(dayInWords(busiest.day), busiest.signups) : undefined,
    chart.numbers,
  ]
    .filter((sentence) => sentence !== undefined)
    .join(" ");
}

function signupsBody(dashboard: DashboardTables, filter: DashboardFilter): string {
  const chart = signupsChart(dashboard.signupDays, {
    title: words.signups.chart.title,
    description: chartDescription(dashboard.signupDays, filter),
  });
  return (
    paragraph(words.signups.text) +
    filterForm(filter) +
    `<div class="staff-chart-and-table"><div class="staff-chart">${chart}</div>` +
    `${tableHtml(dashboard.tables.signups)}</div>`
  );
}

type Section = { id: string; title: string; body: string };

/** The sections in their order: each a heading, what it counts and how, and its tables. */
function sectionsOf(dashboard: DashboardTables, role: StaffRole, filter: DashboardFilter) {
  const { tables, weeks } = dashboard;
  const waiting = words.waiting;
  const sections: Section[] = [
    { id: "signups", title: words.signups.title, body: signupsBody(dashboard, filter) },
    {
      id: "sources",
      title: words.sources.title,
      body:
        paragraph(words.sources.text(dayInWords(weeks.thisWeek), dayInWords(weeks.lastWeek))) +
        tableHtml(tables.sources),
    },
    {
      id: "invites",
      title: words.invites.title,
      body:
        paragraph(words.invites.text) +
        paragraph(role === "admin" ? words.invites.adminText : words.invites.staffText) +
        tableHtml(tables.invites),
    },
    {
      id: "funnel",
      title: words.funnel.title,
      body: paragraph(words.funnel.text) + tableHtml(tables.funnel),
    },
    {
      id: "newsletter",
      title: words.newsletter.title,
      body:
        paragraph(words.newsletter.subscribers(dashboard.subscribers)) +
        paragraph(words.newsletter.text) +
        tableHtml(tables.newsletter),
    },
    {
      id: "waiting",
      title: waiting.title,
      body:
        paragraph(waiting.dataRequests.text(dataRequestDeadlineDays)) +
        tableHtml(tables["data-requests"]) +
        paragraph(waiting.parentRequests.text(parentRequestWarningDays)) +
        tableHtml(tables["parent-requests"]),
    },
    {
      id: "page-views",
      title: words.pageViews.title,
      body:
        paragraph(words.pageViews.text) +
        tableHtml(tables["page-views-by-day"]) +
        tableHtml(tables["page-views-by-page"]) +
        paragraph(words.pageViews.sitesText(topReferringSites)) +
        tableHtml(tables["referring-sites"]),
    },
  ];
  return sections;
}

const sectionId = (section: Section) => `staff-${section.id}`;

/** Links to each section, so a phone need not scroll past the 90 days of sign-ups. */
function contents(sections: readonly Section[]): string {
  const links = sections.map(
    (section) => `<li><a href="#${sectionId(section)}">${escapeHtml(section.title)}</a></li>`,
  );
  return `<nav class="staff-contents" aria-label="${escapeHtml(words.contents)}"><ul>${links.join("")}</ul></nav>`;
}

function sectionHtml(section: Section): string {
  const id = sectionId(section);
  return (
    `<section class="staff-panel" id="${id}" aria-labelledby="${id}-title">` +
    `<h2 id="${id}-title">${escapeHtml(section.title)}</h2>${section.body}</section>`
  );
}

/**
 * What goes inside the staff frame's `<main>` at /staff: links to the sections, then each
 * section (`<section aria-labelledby>` with its `<h2>`), the sign-ups' filter form, the chart
 * and every table with its CSV link. Every value is escaped; the role decides only what the
 * invites section says (its table already holds what the role may see).
 */
export function dashboardHtml(
  dashboard: DashboardTables,
  { role, filter }: { role: StaffRole; filter: DashboardFilter },
): string {
  const sections = sectionsOf(dashboard, role, filter);
  return `<div class="staff-dashboard">${contents(sections)}${sections.map(sectionHtml).join("")}</div>`;
}
