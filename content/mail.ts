import { dataRightsWords } from "./data-rights.ts";
import { googleMailSubjects } from "./google.ts";
import { site } from "./site.ts";

/**
 * The words of every message the site sends. The API renders each into a
 * plain-text part and a small HTML part (api/src/mail/render.ts); a message
 * never holds a password. Short lines and one clear button: most students
 * read these on a phone.
 */
export type MailWords = {
  subject: string;
  /** The line a mail app shows beside the subject in the inbox. */
  preview: string;
  greeting: string;
  /** Before the button. */
  paragraphs: readonly string[];
  /** The one thing to do, as a button in HTML and a bare link in text. */
  action?: { text: string; url: string };
  /** After the button: how long the link works, what to do if it was not you. */
  after: readonly string[];
  /** A newsletter message's one-tap unsubscribe link, in the footer and in its headers (RFC 8058). */
  unsubscribe?: string;
};

/** Under the HTML part's button: the link written out, for mail apps that show no buttons. */
export const openLinkLine = "Or open this link:";

/**
 * The footer line before the unsubscribe link of the newsletter's one message, its confirmation:
 * it says nothing comes until then, so the line speaks of changing one's mind, then or later.
 */
export const unsubscribeLine = "Change your mind, now or later? Unsubscribe with one tap:";
/** The HTML part's link after that line: the name of the page it opens. */
export const unsubscribeLink = dataRightsWords.unsubscribe.title;

const greeting = (firstName: string) => `Hi ${firstName},`;
/** For a person we know only by address: a parent, or someone whose account is gone. */
const hello = "Hello,";

export const signOff = `The ${site.name} team`;

/** The subject of the message with a link to one's data, which other messages name. */
const yourDataSubject = `Your data at ${site.name}`;

/** Every message's last lines: who sent it and how to reach a person. */
export const mailFooter = [
  `${site.name}, ${site.address.street}, ${site.address.city}, ${site.address.country}.`,
  `Questions? Write to ${site.email}.`,
];

export const mailWords = {
  verifyEmail: (firstName: string, url: string, lifetime: string): MailWords => ({
    subject: "Confirm your email",
    preview: "One tap to confirm this is your email address.",
    greeting: greeting(firstName),
    paragraphs: [
      `Welcome to ${site.name}! Please confirm that this is your email address. Then, if you ever forget your password, we can help you get back into your account.`,
      "If you are under 18, a parent or guardian must give permission for you to use the app. After you confirm, you can send them a request by email from the next page.",
    ],
    action: { text: "Confirm my email", url },
    after: [
      `The link works once, for ${lifetime}.`,
      `If you did not sign up for ${site.name}, ignore this email: nothing will be confirmed.`,
    ],
  }),

  resetPassword: (firstName: string, url: string, lifetime: string): MailWords => ({
    subject: "Reset your password",
    preview: "Choose a new password for your account.",
    greeting: greeting(firstName),
    paragraphs: [
      `Someone (we hope it was you) asked to reset the password of your ${site.name} account.`,
    ],
    action: { text: "Choose a new password", url },
    after: [
      `The link works once, for ${lifetime}. If you ask again, only the newest link works.`,
      "If you did not ask, ignore this email: your password stays as it is.",
    ],
  }),

  passwordChanged: (firstName: string, forgotPasswordUrl: string): MailWords => ({
    subject: "Your password was changed",
    preview: `The password of your ${site.name} account was just changed.`,
    greeting: greeting(firstName),
    paragraphs: [
      // Sent after a reset by mail and after a change in the app, which keeps the phone it was made on.
      `The password of your ${site.name} account was just changed, and every other phone that was logged in was logged out. To use the app on those phones, log in again with your new password.`,
    ],
    after: [
      `If you did not change it, reset your password now at ${forgotPasswordUrl} and write to us at ${site.email}.`,
    ],
  }),

  yourData: (firstName: string, url: string, lifetime: string): MailWords => ({
    subject: yourDataSubject,
    preview: "See, download, correct or delete what we hold about you.",
    greeting: greeting(firstName),
    paragraphs: [
      `You asked to see the data ${site.name} holds about you. With the link below you can see all of it, download it, correct your name, stop marketing emails, ask a parent's permission or delete your account.`,
    ],
    action: { text: "Open my data", url },
    after: [
      `Open the link within ${lifetime}. It works once; after you open it, you have ${lifetime} to make your changes.`,
      "If you did not ask, ignore this email: nobody can open your data without this link.",
    ],
  }),

  guardianRequest: (
    childName: string,
    url: string,
    lifetime: string,
    privacyUrl: string,
  ): MailWords => ({
    // Subject and preview hold nothing the student typed: a name must not turn our sender
    // into a relay for someone else's words (docs/decisions/022). The name is in the body, marked as typed.
    subject: `A student asks for your permission to use ${site.name}`,
    preview: `A student signed up for ${site.name}, a learning app, and needs a parent's or guardian's permission.`,
    greeting: hello,
    paragraphs: [
      `A student who gave the name "${childName}" signed up for ${site.name} and gave this email address as their parent's or guardian's. The name is as the student typed it; we have not checked it.`,
      `${site.name} is a learning app from Lagos for secondary school students and exam candidates (WAEC, NECO, JAMB UTME, SAT, IELTS): pre-recorded classes, practice questions, quizzes and mock exams.`,
      `Students under 18 need a parent's or guardian's permission to use ${site.name}. The link below opens a page where you can read, in a few lines, what we keep and why, and then give permission or say no.`,
    ],
    action: { text: "Review and answer", url },
    after: [
      `The link works for ${lifetime}. Our full Privacy Policy: ${privacyUrl}`,
      `If you do not know this student, open the link and choose "${dataRightsWords.guardianConsent.refuse.submit}". ${dataRightsWords.guardianConsent.refuse.text}`,
    ],
  }),

  /**
   * A request is sent from "Your data", which opens only with a link by mail: the way back says
   * so step by step, or a student lands on a page asking for their email and stops there.
   */
  guardianRefused: (firstName: string, eraseOn: string, yourDataUrl: string): MailWords => ({
    subject: "Your parent or guardian did not give permission",
    preview: `Your ${site.name} account will be deleted on ${eraseOn} unless permission comes.`,
    greeting: greeting(firstName),
    paragraphs: [
      `The parent or guardian you asked did not give permission for you to use ${site.name}, or said they do not know you. Your account and its data will be deleted on ${eraseOn}.`,
      "If this is a mistake, talk to them before then: they can still give permission with the link in the email we sent them.",
      `Or send a new request, to them or to another parent or guardian. First get a link to your data: open the page below and enter your email. Then open the link in our email "${yourDataSubject}" and send the request from the page it opens.`,
    ],
    action: { text: "Get a link to your data", url: yourDataUrl },
    after: ["Once a parent or guardian gives permission, your account stays."],
  }),

  emailChangeConfirm: (
    firstName: string,
    url: string,
    lifetime: string,
    undoLifetime: string,
  ): MailWords => ({
    subject: "Confirm your new email",
    preview: `An existing ${site.name} account asked to log in with this address.`,
    greeting: greeting(firstName),
    paragraphs: [
      `An existing ${site.name} account, which logs in with another address now, asked to log in with this address from now on. Confirm it only if that account is yours: this address then becomes its login.`,
      `For ${undoLifetime} after you confirm, the account's old address can still put itself back with one tap, and the account goes with it.`,
    ],
    action: { text: "Use this email", url },
    after: [
      `The link works once, for ${lifetime}. Until you use it, log in with your old address. If you ask again, only the newest link works.`,
      "If you did not ask, ignore this email: nothing changes.",
    ],
  }),

  emailChangeTaken: (firstName: string, forgotPasswordUrl: string): MailWords => ({
    subject: `Someone tried to use your email at ${site.name}`,
    preview: "Nothing has changed in your account.",
    greeting: greeting(firstName),
    paragraphs: [
      `Someone using another ${site.name} account asked to make this address that account's login. This address already belongs to your account, so we did not do it, and nothing has changed in your account.`,
    ],
    after: [
      "If it was you, you already have an account with this address: log in to the app with it.",
      `Forgot your password? Choose a new one here: ${forgotPasswordUrl}`,
      "If it was not you, there is nothing to do.",
    ],
  }),

  emailChanged: (
    firstName: string,
    url: string,
    lifetime: string,
    newEmail: string,
  ): MailWords => ({
    // The new address is in the body, for its owner to check, and not in the subject: a
    // subject carries only our words, whatever address someone typed.
    subject: `Your ${site.name} email was changed`,
    preview: "If you did not change it, put it back with one tap.",
    greeting: greeting(firstName),
    paragraphs: [
      `Your ${site.name} account now logs in with ${newEmail} instead of this address, and every phone that was logged in was logged out.`,
      "If you did not change it, put it back: your account will log in with this address again, and we'll send you a link to choose a new password.",
    ],
    action: { text: "Put my old email back", url },
    after: [`The link works once, for ${lifetime}. If you changed it yourself, ignore this email.`],
  }),

  emailChangeUndone: (
    firstName: string,
    url: string,
    lifetime: string,
    forgotPasswordUrl: string,
  ): MailWords => ({
    subject: "Your email is back: choose a new password",
    preview: "Your account logs in with this address again.",
    greeting: greeting(firstName),
    paragraphs: [
      `Your ${site.name} account logs in with this address again, and every phone that was logged in was logged out. Whoever changed your email knew your password, so it no longer works: choose a new one now.`,
    ],
    action: { text: "Choose a new password", url },
    after: [
      `The link works once, for ${lifetime}. If it runs out, ask for a new one at ${forgotPasswordUrl}`,
    ],
  }),

  googleLink: (firstName: string, url: string, lifetime: string): MailWords => ({
    subject: googleMailSubjects.link,
    preview: "One tap lets you log in with Google too.",
    greeting: greeting(firstName),
    paragraphs: [
      `Someone (we hope it was you) chose "Continue with Google" on the ${site.name} website with the Google account of this address. Your ${site.name} account already uses this address, so we have not connected them yet.`,
      `With one tap on the link below, that Google account can log in to your ${site.name} account too, on the website and in the app. Your password and the phones you are logged in on stay as they are.`,
    ],
    action: { text: "Add Google sign-in", url },
    after: [
      `The link works once, for ${lifetime}.`,
      "If it was not you, ignore this email: nothing changes.",
    ],
  }),

  googleTookOver: (firstName: string, forgotPasswordUrl: string): MailWords => ({
    subject: googleMailSubjects.tookOver,
    preview: "An earlier sign-up with this address was never confirmed.",
    greeting: greeting(firstName),
    paragraphs: [
      `You chose "Continue with Google" with this address. An earlier sign-up had used this address but never confirmed it, so we could not tell whose it was. Google has now shown it is yours, so the account is yours.`,
      "To keep it safe, we removed the password that sign-up chose and logged out every phone that was logged in. Log in to the app with Continue with Google.",
    ],
    after: [
      `To log in with a password too, choose a new one here: ${forgotPasswordUrl}`,
      `If you did not choose Continue with Google, write to us at ${site.email}.`,
    ],
  }),

  accountDeleted: (): MailWords => ({
    subject: `Your ${site.name} account is deleted`,
    preview: "Your account and the data we held about you are gone.",
    greeting: hello,
    paragraphs: [
      `Your ${site.name} account and your data are deleted: your name, your email, where you logged in and your records. Every phone that was logged in is logged out. This is the last email we send to this address.`,
    ],
    after: [
      `You are welcome back any time. If you did not expect this, write to us at ${site.email}.`,
    ],
  }),

  newsletterConfirm: (url: string, lifetime: string, unsubscribe: string): MailWords => ({
    subject: "Confirm your subscription",
    preview: "One tap to get study tips and exam news by email.",
    greeting: hello,
    paragraphs: [
      `Someone (we hope it was you) asked for ${site.name}'s newsletter of study tips and exam news at this address. Please confirm below: we send nothing until you do.`,
    ],
    action: { text: "Confirm my subscription", url },
    after: [
      `The link works for ${lifetime}. If you did not ask, ignore this email and you will hear nothing more from us.`,
    ],
    unsubscribe,
  }),

  staffEnrol: (url: string, lifetime: string, role: string): MailWords => ({
    subject: `Your ${site.name} staff access`,
    preview: "Set up a passkey to open the staff area.",
    greeting: hello,
    paragraphs: [
      `You have been given ${role} access to the ${site.name} staff area, where the team sees sign-ups, invites and the requests waiting for us.`,
      "The staff area has no password. Open the link below on the computer or phone you will use, and it will make a passkey: your fingerprint, face or screen lock then logs you in.",
    ],
    action: { text: "Set up my passkey", url },
    after: [
      `The link works once, for ${lifetime}. If you did not expect it, ignore this email and tell ${site.email}.`,
    ],
  }),
} as const;
