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
};

const greeting = (firstName: string) => `Hi ${firstName},`;

export const signOff = `The ${site.name} team`;

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
      `Someone, we hope you, asked to reset the password of your ${site.name} account. Choose a new password here:`,
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
      `The password of your ${site.name} account was just changed, and every phone that was logged in was logged out. Log in in the app with your new password.`,
    ],
    after: [
      `If you did not change it, reset your password now at ${forgotPasswordUrl} and write to us at ${site.email}.`,
    ],
  }),
} as const;
