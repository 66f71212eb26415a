import { dataRightsLifetimes, dataRightsMessages, guardianRelationships } from "@ysp/contract";
import { site } from "./site.ts";

/**
 * The pages about a person's data, a parent's permission and the newsletter's
 * confirmation. The sentences the server also says are in @ysp/contract.
 */
export const dataRightsWords = {
  yourData: {
    meta: {
      title: `Your data | ${site.name}`,
      description: `See, download, correct or delete the data ${site.name} holds about you.`,
    },
    title: "Your data",
    text: `See everything ${site.name} holds about you, correct your name, stop marketing emails or delete your account.`,
    open: {
      text: "Tap the button to open your data. The link works once.",
      submit: "Open my data",
    },
    ask: {
      title: "Get a link by email",
      text: `Enter the email of your account. We will send you a link that works for ${dataRightsLifetimes.yourData.words}: holding your mailbox is how we know it is you.`,
      submit: "Send me a link",
    },
  },
  manage: {
    meta: {
      title: `Manage your data | ${site.name}`,
      description: `Download, correct or delete the data ${site.name} holds about you.`,
    },
    title: "Manage your data",
    text: `For the next ${dataRightsLifetimes.yourData.words}, this browser can manage your data. After that, ask for a new link.`,
    download: {
      title: "Download everything",
      text: "One file with your account, sessions (dates and devices), consent records, parent's permission requests, emails we sent you, invitations you made (as a count) and your newsletter state.",
      submit: "Download my data",
    },
    correct: {
      title: "Correct your name",
      text: "Enter your name as it should be.",
      firstName: "First name",
      lastName: "Last name",
      submit: "Save my name",
    },
    guardian: {
      title: "A parent's or guardian's permission",
      text: "If you are under 18, a parent or guardian must give permission. We send them an email; you can send a new one if they did not get it.",
      label: "Parent's or guardian's email",
      submit: "Send the request",
    },
    marketing: {
      title: "Stop marketing emails",
      text: "No more newsletters or offers. Emails about your account (like a password reset) still come.",
      submit: "Stop marketing emails",
    },
    delete: {
      title: "Delete your account",
      text: "Your account, sessions, records and newsletter subscription are deleted at once and cannot come back. Every phone logged in is logged out. We send one last email to say it is done.",
      label: dataRightsMessages.deleteConfirm,
      submit: "Delete my account",
    },
  },
  guardianConsent: {
    meta: {
      title: `A student asks for your permission | ${site.name}`,
      description: `Give or refuse permission for a student to use ${site.name}.`,
    },
    title: "A student asks for your permission",
    /** Around the student's name, which the server fills in. */
    before: "",
    after: ` signed up for ${site.name} and gave your email as their parent's or guardian's. Students under 18 need your permission before we keep and use their data.`,
    keyPointsTitle: "What we keep, and why, in plain words",
    keyPoints: [
      "Their name, email and password (stored scrambled, so nobody can read it), to give them an account.",
      "What they study and how they do in practice questions, quizzes and mock exams, to show their progress.",
      "The phones they log in from and when, to keep the account safe.",
      "We do not sell their data.",
      "You or they can see, download, correct or delete their data at any time, on the Your data page.",
      "You can withdraw permission later by writing to us; we then close the account.",
    ],
    privacyLink: "Read the full Privacy Policy",
    grant: {
      title: "Give permission",
      name: "Your name",
      relationship: "You are their",
      choose: "Choose one",
      relationships: guardianRelationships,
      submit: "Give permission",
    },
    refuse: {
      title: "Not your child, or you do not agree?",
      text: `We will tell the student, and delete the account and its data after ${dataRightsLifetimes.erasureAfterRefusal.words} unless a parent or guardian gives permission.`,
      submit: "This is not my child / I do not agree",
    },
  },
  newsletterConfirm: {
    meta: {
      title: `Confirm your subscription | ${site.name}`,
      description: `Confirm your subscription to ${site.name}'s newsletter.`,
    },
    title: "Confirm your subscription",
    text: "Tap the button to get study tips and exam news by email.",
    submit: "Confirm my subscription",
  },
  unsubscribe: {
    meta: {
      title: `Unsubscribe | ${site.name}`,
      description: `Stop ${site.name}'s newsletter.`,
    },
    title: "Unsubscribe",
    text: "Tap the button and we will send you no more newsletters. You can subscribe again at any time.",
    submit: "Unsubscribe",
  },
  emailConfirmedGuardian: {
    title: "Under 18?",
    text: "A parent or guardian must give permission for you to use the app. Enter their email and we will ask them.",
  },
} as const;
