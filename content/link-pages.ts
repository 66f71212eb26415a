import { mailWords } from "./mail.ts";
import { site } from "./site.ts";

// The subjects are the messages' own, whatever the name, link and lifetime they are written for.
const verifySubject = mailWords.verifyEmail("", "", "").subject;
const resetSubject = mailWords.resetPassword("", "", "").subject;
const dataSubject = mailWords.yourData("", "", "").subject;

/**
 * What each page a mailed link opens says when it is opened without its link (typed, bookmarked,
 * or the link cut short): what the page is for, and how to get a link. The server shows the
 * link's own words instead when the address carries a token (api/src/routes/link-pages.ts).
 */
export const withoutLinkWords = {
  verifyEmail: `This page confirms your email address. Open it from the link in our email "${verifySubject}". Can't find that email, or the link has run out? Ask for a new link below.`,
  resetPassword: `This page is where you choose a new password. Open it from the link in our email "${resetSubject}". No email, or the link has run out?`,
  resetPasswordAsk: "Get a new link",
  yourData: `Open this page from the link in our email "${dataSubject}", or ask for a link below.`,
  guardianConsent: `This page is where a parent or guardian gives or refuses permission for a student under 18 to use ${site.name}. Open it from the link in the email we sent you when the student asked. Lost the email, or the link has run out? Ask the student to send a new request from their account.`,
  newsletterConfirm: `This page confirms a subscription to our newsletter. Open it from the link in the email we sent after you subscribed. To subscribe, enter your email at the bottom of any page.`,
  unsubscribe: `This page stops our newsletter. Open it from the "Unsubscribe" link at the bottom of any newsletter email from us.`,
} as const;
