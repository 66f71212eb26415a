/**
 * A person's rights over their data, a parent's or guardian's permission, and
 * the newsletter's confirmation: the pages, the bodies the API takes and the
 * sentences both show.
 */

import { waitWords } from "./service-messages.ts";

export const dataRightsPages = {
  yourData: "/your-data",
  manageYourData: "/your-data/manage",
  viewYourData: "/your-data/view",
  guardianConsent: "/guardian-consent",
  /**
   * "Are you sure?" before a parent's refusal: the server answers the refusal's first post with
   * this page, at the consent page's own address (token and all), so nobody opens it here.
   */
  guardianConsentRefuse: "/guardian-consent/refuse",
  newsletterConfirm: "/newsletter-confirm",
  unsubscribe: "/unsubscribe",
} as const;

/**
 * Where the pages a parent's link opens leave room for what the server writes in (each an
 * element's id): the student's name, and on a link already answered, the answer.
 */
export const guardianConsentSlots = {
  childName: "child-name",
  /** Hidden as built: "Your answer", shown on a link already answered. */
  answer: "guardian-answer",
  /** Its lines, which the server writes in. */
  answerText: "guardian-answer-text",
  /** The two forms' sections, hidden once the answer leaves them nothing to do. */
  grant: "grant",
  refuse: "refuse",
  /** On the "Are you sure?" page: back to the consent page, the link's token written into it. */
  back: "go-back",
} as const;

/**
 * What the refusal's second post carries besides `decision=refuse`: the parent saw what a
 * refusal does and said yes. The first post, without it, records nothing.
 */
export const refusalConfirmed = { name: "confirm", value: "yes" } as const;

/** Where the API's routes for a person's own data are. */
export const yourDataApi = "/api/v1/auth/your-data";
export const guardianConsentApi = "/api/v1/guardian-consent/";
export const newsletterApi = "/api/v1/newsletter";

export const dataRightsLifetimes = {
  /** The link in "Your data at YSP", and the time it then gives to manage the data. */
  yourData: { seconds: 30 * 60, words: "30 minutes" },
  guardianConsent: { seconds: 14 * 24 * 3600, words: "14 days" },
  newsletterConfirm: { seconds: 7 * 24 * 3600, words: "7 days" },
  /** After a guardian says no, the account's data is erased this long after, unless permission comes. */
  erasureAfterRefusal: { seconds: 30 * 24 * 3600, words: "30 days" },
} as const;

/**
 * Requests to a parent or guardian one account may send: each is a mail from our sender to an
 * address the student types, so a day's few are enough for a real student (a typo, a second
 * parent) and too few to make our domain anyone's relay (docs/decisions/022). Counted in the database,
 * where every instance sees them, beside the limits per client address and per parent's address.
 */
export const guardianRequestsPerAccount = { max: 3, windowSeconds: 24 * 3600, window: "24 hours" };

/** What a deletion must be confirmed with: typed, so no slip of a finger deletes an account. */
export const deleteConfirmation = "DELETE";

export const guardianConsentStates = ["granted", "refused", "pending", "none"] as const;
export type GuardianConsentState = (typeof guardianConsentStates)[number];

/** An address's newsletter: confirmed, asked for but its link not yet opened, or neither. */
export const newsletterStates = ["subscribed", "unconfirmed", "none"] as const;
export type NewsletterState = (typeof newsletterStates)[number];

/**
 * Where the prerendered pages about one's own data leave room for the account's facts, which
 * the server writes in for the browser whose data session it is (api/src/routes/your-data-pages.ts):
 * each is an element's id, empty or hidden as built.
 */
export const yourDataSlots = {
  /** Shown as built: this browser has no account open. Hidden once the server knows whose it is. */
  noSession: "no-data-session",
  /** Hidden as built: the account's facts, or on /email-confirmed the parent's request form. */
  session: "data-session",
  name: "fact-name",
  email: "fact-email",
  guardian: "fact-guardian",
  newsletter: "fact-newsletter",
  /** "On" or "Off": whether a Google account logs in to this one. */
  google: "fact-google",
  /** Hidden as built: the part about Google sign-in, shown while a Google account logs in. */
  googleSection: "google-sign-in-section",
  /** Within it, hidden as built: the form that removes it, shown only while a password exists. */
  removeGoogle: "remove-google",
  /** Within it, hidden as built: why there is no form, shown while there is no password. */
  googleNeedsPassword: "google-needs-password",
  /** "View my data": the data itself, as sections. */
  data: "data-view",
  /** Hidden as built: on the page after a parent's request, the address it went to. */
  guardianAddress: "guardian-sent-to",
} as const;

export const dataRightsMessages = {
  dataLinkSent: `If an account uses this email, we've sent it a link to see and manage your data. The link works for ${dataRightsLifetimes.yourData.words}. Check your inbox and your spam folder.`,
  notAllowed:
    "Your time to manage your data has run out, or this browser has not opened a link from us. Ask for a new link on the Your data page.",
  nameCorrected: "Your name is corrected.",
  marketingStopped: "You will get no more newsletters or other marketing emails from us.",
  googleRemoved:
    "Google sign-in is off. Log in to the app with your email and password from now on.",
  /** An account with no password keeps its Google sign-in: it would have no way in without. */
  googleNeedsPassword:
    "Your account has no password yet, so Google sign-in is its only way in. Choose a password with Forgot password first, then you can turn Google sign-in off.",
  deleteConfirm: `Type ${deleteConfirmation} to confirm`,
  accountDeleted: "Your account and your data are deleted. We've sent a last email to say so.",
  guardianRequestSent: `We've sent your parent or guardian an email asking for their permission. The link in it works for ${dataRightsLifetimes.guardianConsent.words}; ask them to check their spam folder too.`,
  /** After guardianRequestSent, where the student can see it: the address, as the student typed it. */
  guardianRequestSentTo: (address: string) =>
    `We sent it to ${address}. If that is not their address, send a new request with the right one.`,
  /** The API's answer to the student's request: both sentences. */
  guardianAsked: (address: string): string =>
    `${dataRightsMessages.guardianRequestSent} ${dataRightsMessages.guardianRequestSentTo(address)}`,
  guardianAlreadyGranted: "Your parent or guardian has already given permission. Thank you!",
  guardianEmailOwn: "Please enter your parent's or guardian's email, not your own",
  guardianRequestsUsed: (waitSeconds: number) =>
    `You have sent ${guardianRequestsPerAccount.max} requests to a parent or guardian in the last ${guardianRequestsPerAccount.window}. You can send another in ${waitWords(waitSeconds)}.`,
  guardianGranted: "Thank you. Your permission is recorded, and your child can use YSP.",
  guardianRefused: `Thank you for telling us. We'll tell the student, and delete the account and its data after ${dataRightsLifetimes.erasureAfterRefusal.words} unless a parent or guardian gives permission. If you change your mind before then, open the link in our email again.`,
  guardianNameRequired: "Please enter your name",
  guardianRelationshipRequired: "Please choose how you are related to the student",
  newsletterAsked:
    "Thanks! Check your inbox: if this email is not subscribed yet, we've sent it a link to confirm.",
  newsletterConfirmed: "You're subscribed. Look out for study tips in your inbox.",
  unsubscribed: "You're unsubscribed. You will get no more newsletters from us.",
} as const;

export const guardianRelationships = ["Mother", "Father", "Guardian", "Other relative"] as const;
