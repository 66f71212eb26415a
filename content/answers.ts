import {
  type AnswerPage,
  accountMessages,
  dataRightsMessages,
  emailChangeMessages,
  yourDataSlots,
} from "@ysp/contract";
import { common } from "./common.ts";
import { site } from "./site.ts";

/** A way on from an answer: the first is the page's main button. */
export type AnswerLink = { href: string; text: string };

/** What a page a form lands on says: its heading, its lines and the ways on. */
export type AnswerCopy = {
  title: string;
  lines: readonly string[];
  links: readonly [AnswerLink, ...AnswerLink[]];
  /**
   * The id of a line after them, empty and hidden as built, which the server fills for the
   * browser whose data session the answer is about (api/src/routes/your-data-pages.ts).
   */
  slot?: string;
};

/**
 * What the server's answers say where a form cannot go on to a page of its own
 * (api/src/pages/answer-page.ts): a mistake the form's page cannot show, a limit, a link refused.
 */
export const answerFrameWords = {
  titles: {
    mistake: "Please check and try again",
    wait: "Please wait a moment",
    failed: "Something went wrong",
    linkRefused: "This link cannot be used",
    dataNotOpen: "Your data is not open here",
    newsletterAddress: "Please check the email address",
    /** The browser that signed up no longer names its account (api's signup-correction.ts). */
    cannotTell: "We can't tell which account is yours",
    nothingToCorrect: "Nothing to correct",
  },
  links: {
    home: common.goHome,
    backToForm: "Back to the form",
    backToPage: "Back to the page you were on",
    tryAgain: "Try again",
    newLink: "Get a new link",
    subscribeAgain: "Subscribe again",
    seeAnswer: "See your answer",
  },
} as const;

/**
 * A form posted without a script and refused comes back as its own page (api/src/pages/form-again.ts):
 * a summary of its problems above the heading, as GOV.UK's error summary says them, and the
 * page's title starting with "Error: ".
 */
export const refusedFormWords = {
  summaryTitle: "There is a problem",
  titlePrefix: "Error: ",
} as const;

const home: AnswerLink = { href: "/", text: answerFrameWords.links.home };
const yourData: AnswerLink = { href: "/your-data/manage", text: "Back to your data" };
/** Back to where a student who has just confirmed the address asked a parent. */
const confirmed: AnswerLink = { href: "/email-confirmed", text: "Go back" };
const privacy: AnswerLink = { href: "/privacy-policy", text: "Read our Privacy Policy" };
const checkEmail = "Check your email";
const alreadyAgreed = "Your parent or guardian agreed before, so there is nothing more to do.";

/**
 * The pages a form posted without a script lands on (a 303 from the server, contract's
 * answerPages): the same words the form says in place when its script runs, which are the
 * server's (@ysp/contract), under a heading of their own; where the server's sentence would only
 * say the heading again, the page's line goes on from it instead.
 */
export const answerWords: Record<AnswerPage, AnswerCopy> = {
  verifyLinkSent: { title: checkEmail, lines: [accountMessages.verifyLinkSent], links: [home] },
  resetLinkSent: { title: checkEmail, lines: [accountMessages.resetLinkSent], links: [home] },
  passwordChanged: {
    title: "Password changed",
    lines: ["Log in to the app with your new password."],
    links: [home],
  },
  dataLinkSent: { title: checkEmail, lines: [dataRightsMessages.dataLinkSent], links: [home] },
  nameCorrected: {
    title: "Name corrected",
    lines: ["We saved your name as you typed it."],
    links: [yourData, home],
  },
  googleRemoved: {
    title: "Google sign-in is off",
    lines: [dataRightsMessages.googleRemoved],
    links: [yourData, home],
  },
  marketingStopped: {
    title: "Marketing emails stopped",
    lines: [dataRightsMessages.marketingStopped],
    links: [yourData, home],
  },
  guardianAsked: {
    title: "Check with your parent or guardian",
    lines: [dataRightsMessages.guardianRequestSent],
    links: [yourData, home],
    slot: yourDataSlots.guardianAddress,
  },
  guardianAlreadyGranted: {
    title: "Permission already given",
    lines: [alreadyAgreed],
    links: [yourData, home],
  },
  guardianAskedOnConfirm: {
    title: "Check with your parent or guardian",
    lines: [dataRightsMessages.guardianRequestSent],
    links: [confirmed, home],
    slot: yourDataSlots.guardianAddress,
  },
  guardianAlreadyGrantedOnConfirm: {
    title: "Permission already given",
    lines: [alreadyAgreed],
    links: [confirmed, home],
  },
  accountDeleted: {
    title: "Your account is deleted",
    lines: [
      "We keep only a note that an account was deleted, without your name or email. We've sent a last email to say so.",
    ],
    links: [home],
  },
  guardianGranted: {
    title: "Permission given",
    lines: [`Thank you. Your child can use ${site.name}.`],
    links: [privacy, home],
  },
  guardianRefused: {
    title: "Answer recorded",
    lines: [dataRightsMessages.guardianRefused],
    links: [privacy, home],
  },
  newsletterAsked: {
    title: checkEmail,
    lines: [dataRightsMessages.newsletterAsked],
    links: [home],
  },
  newsletterConfirmed: {
    title: "You're subscribed",
    lines: ["Look out for study tips in your inbox."],
    links: [home],
  },
  unsubscribed: {
    title: "You're unsubscribed",
    lines: ["You will get no more newsletters from us."],
    links: [home],
  },
  emailChangeAsked: { title: checkEmail, lines: [emailChangeMessages.asked], links: [home] },
  emailChanged: {
    title: "Email changed",
    lines: [
      "Log in to the app with your new address. We've told your old address, with a way back.",
    ],
    links: [home],
  },
  emailChangeUndone: {
    title: "Your old email is back",
    lines: [
      "Whoever changed it knew your password, so it no longer works. We've sent your old address a link to choose a new one: do it now.",
    ],
    links: [home],
  },
};

/** The browser tab's title of an answer page. */
export const answerTitle = (title: string) => `${title} | ${site.name}`;
