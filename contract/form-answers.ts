/**
 * Where a form posted without a script lands once it has done its work: the API answers the post
 * with a 303 to one of these pages, so a reload shows the page again instead of posting twice
 * (or meeting "Method GET is not allowed"). Each is a prerendered page of the site, the same for
 * everyone as built, so none names an address: the two after a parent's request repeat the
 * parent's only to the browser whose data session sent it (api/src/routes/your-data-pages.ts).
 * None is under /join, whose next segment is an invite code.
 */
export const answerPages = {
  verifyLinkSent: "/verify-email/sent",
  resetLinkSent: "/forgot-password/sent",
  passwordChanged: "/reset-password/done",
  dataLinkSent: "/your-data/sent",
  nameCorrected: "/your-data/name-corrected",
  marketingStopped: "/your-data/marketing-stopped",
  googleRemoved: "/your-data/google-removed",
  guardianAsked: "/your-data/parent-asked",
  guardianAlreadyGranted: "/your-data/parent-agreed",
  /** The same two, asked from /email-confirmed: their way back leads there. */
  guardianAskedOnConfirm: "/email-confirmed/parent-asked",
  guardianAlreadyGrantedOnConfirm: "/email-confirmed/parent-agreed",
  accountDeleted: "/your-data/deleted",
  guardianGranted: "/guardian-consent/granted",
  guardianRefused: "/guardian-consent/refused",
  newsletterAsked: "/newsletter/check-email",
  newsletterConfirmed: "/newsletter/subscribed",
  unsubscribed: "/newsletter/unsubscribed",
  emailChangeAsked: "/change-email/sent",
  emailChanged: "/change-email/done",
  emailChangeUndone: "/change-email/undone",
} as const;
export type AnswerPage = keyof typeof answerPages;

/**
 * The parts of a page a mailed link opens that say what it is for ("without") or do its work
 * ("with"), marked by this attribute. The prerendered page is the one opened without its link;
 * the server shows the "with" parts instead to an address with a token, so a page that needs
 * its link never shows a button that cannot work, script or none.
 */
export const linkPartAttribute = "data-link";
