/** A table's words: its title (its caption), a heading per column in the order shown, and what shows when it has no rows. */
export type StaffTableWords<Column extends string> = {
  title: string;
  headings: Record<Column, string>;
  empty: string;
};

/** "1 sign-up", "3 sign-ups". */
const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * The words of the staff dashboard at /staff: what each section shows and how it is counted,
 * for the marketing and support staff who read it. Days and weeks are Lagos days and weeks, and
 * a week starts on Monday; the sections say so where it matters.
 */
export const staffDashboardWords = {
  contents: "On this page",
  download: (title: string) => `Download "${title}" as a CSV file`,
  signups: {
    title: "Sign-ups",
    text: "New accounts each day over the last 90 days, by the day in Lagos. Choose a source or an invite code to see only the sign-ups that came from it.",
    filter: {
      legend: "Show only sign-ups from",
      source: {
        label: "Source",
        hint: "A campaign's utm_source, such as whatsapp, or a website, such as google.com",
      },
      code: {
        label: "Invite code",
        hint: "The student's 6-character code, such as K7QX9M",
      },
      submit: "Show",
      clear: "Show all sign-ups",
      showingSource: (source: string) => `Showing only sign-ups from the source "${source}".`,
      showingCode: (code: string) => `Showing only sign-ups invited with the code "${code}".`,
      showingBoth: (source: string, code: string) =>
        `Showing only sign-ups from the source "${source}" invited with the code "${code}".`,
    },
    chart: {
      title: "Sign-ups per day, last 90 days",
      summary: (total: number, from: string, to: string) =>
        `${counted(total, "sign-up", "sign-ups")} from ${from} to ${to}.`,
      busiest: (day: string, count: number) =>
        `The busiest day was ${day}, with ${counted(count, "sign-up", "sign-ups")}.`,
      numbers: "The table below has the number for each day.",
      bar: (day: string, count: number) => `${day}: ${counted(count, "sign-up", "sign-ups")}`,
    },
    table: {
      title: "Sign-ups per day, newest first",
      headings: { day: "Day", signups: "Sign-ups" },
      empty: "No sign-ups in the last 90 days.",
    } satisfies StaffTableWords<"day" | "signups">,
  },
  sources: {
    title: "Where sign-ups come from",
    text: (thisMonday: string, lastMonday: string) =>
      `This week runs from Monday ${thisMonday} to today, and last week from Monday ${lastMonday} to the Sunday after, by the day in Lagos. A sign-up with no source is counted only in "All sign-ups".`,
    kinds: {
      all: "All sign-ups",
      source: "Source (utm_source)",
      campaign: "Campaign (utm_campaign)",
      site: "Website they came from",
    },
    table: {
      title: "Sign-ups by source, this week and last",
      headings: { kind: "Counted by", name: "Name", thisWeek: "This week", lastWeek: "Last week" },
      empty: "No sign-ups this week or last.",
    } satisfies StaffTableWords<"kind" | "name" | "thisWeek" | "lastWeek">,
  },
  invites: {
    title: "Invites",
    text: "The 20 invite codes that brought the most sign-ups since we started. Accounts deleted since are not counted.",
    staffText: "Admins also see the name of the student each code belongs to.",
    adminText: "You see the name of the student each code belongs to, because you are an admin.",
    table: {
      title: "Invite codes that brought the most sign-ups",
      headings: { code: "Invite code", name: "Student who invited", signups: "Sign-ups" },
      empty: "Nobody has signed up with an invite code yet.",
    } satisfies StaffTableWords<"code" | "name" | "signups">,
  },
  funnel: {
    title: "How far new students get",
    text: "The students who signed up each week (Monday to Sunday, by the day in Lagos), and how many of them have done each step since. Logging in on the website opens the app store, so we count every login as the app's.",
    table: {
      title: "Steps after signing up, by week of sign-up",
      headings: {
        week: "Week from Monday",
        signedUp: "Signed up",
        confirmed: "Confirmed their email",
        parentAsked: "Asked a parent or guardian",
        permission: "Got permission",
        app: "Logged in to the app",
      },
      empty: "No sign-ups in the last 12 weeks.",
    } satisfies StaffTableWords<
      "week" | "signedUp" | "confirmed" | "parentAsked" | "permission" | "app"
    >,
  },
  newsletter: {
    title: "Newsletter",
    subscribers: (count: number) =>
      `${counted(count, "address is", "addresses are")} subscribed now (confirmed and not unsubscribed).`,
    text: "Each week (from Monday, by the day in Lagos), the addresses that confirmed their subscription and those that unsubscribed or stopped marketing emails.",
    table: {
      title: "Newsletter by week",
      headings: { week: "Week from Monday", confirmed: "Confirmed", unsubscribed: "Unsubscribed" },
      empty: "Nothing in the last 12 weeks.",
    } satisfies StaffTableWords<"week" | "confirmed" | "unsubscribed">,
  },
  waiting: {
    title: "Work that waits",
    dataRequests: {
      text: (days: number) =>
        `Requests about a person's data that are not finished, oldest first. Each must be answered within ${days} days of being asked: "Days left" counts the days to that deadline, and a number below 0 is the days past it. A deletion after a parent or guardian said no happens by itself on its deadline, unless permission comes first.`,
      table: {
        title: "Data requests not finished",
        headings: {
          kind: "Request",
          asked: "Asked on",
          deadline: "Deadline",
          daysLeft: "Days left",
        },
        empty: "No data request is waiting.",
      } satisfies StaffTableWords<"kind" | "asked" | "deadline" | "daysLeft">,
      kinds: {
        link: "A link to their data",
        download: "See or download their data",
        correct: "Correct their name",
        stop_marketing: "Stop marketing emails",
        delete: "Delete their account",
        guardian_refusal_erasure: "Deletion after a parent or guardian said no",
      },
    },
    parentRequests: {
      text: (days: number) =>
        `Requests to a parent or guardian for permission that stop working within the next ${days} days without an answer, soonest first. The student can send a new one from "Your data" on the site.`,
      table: {
        title: "Parents' requests ending soon",
        headings: { sent: "Sent on", ends: "Stops working", hoursLeft: "Hours left" },
        empty: "No parent's request is about to stop working.",
      } satisfies StaffTableWords<"sent" | "ends" | "hoursLeft">,
    },
  },
  pageViews: {
    title: "Page views",
    text: "Views of the site's pages over the last 30 days, by the day in Lagos, counted by our own server with no cookie. Bots are not counted, and every invite link counts as the sign-up page, /join.",
    days: {
      title: "Page views per day",
      headings: { day: "Day", views: "Views" },
      empty: "No page views in the last 30 days.",
    } satisfies StaffTableWords<"day" | "views">,
    pages: {
      title: "Page views per page",
      headings: { page: "Page", views: "Views" },
      empty: "No page views in the last 30 days.",
    } satisfies StaffTableWords<"page" | "views">,
    sites: {
      title: "Websites that sent visitors",
      headings: { site: "Website", views: "Views" },
      empty: "No other website sent a visitor in the last 30 days.",
    } satisfies StaffTableWords<"site" | "views">,
    sitesText: (count: number) =>
      `The ${count} websites that sent the most visitors. Visitors who typed the address or used a bookmark are not in this table.`,
  },
};
