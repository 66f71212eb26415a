import { accountPages, googleSignIn } from "@ysp/contract";
import { googleButtonWords } from "./google-button.ts";
import { site } from "./site.ts";

/**
 * The subjects of the two messages about Google sign-in, which the pages name too: here, not in
 * mail.ts, so /join's bundle, which carries the button's words, carries no message's.
 */
export const googleMailSubjects = {
  link: `Add Google sign-in to your ${site.name} account?`,
  tookOver: `Your ${site.name} account now logs in with Google`,
} as const;

const linkSubject = googleMailSubjects.link;

/**
 * What "Continue with Google" says: the button, and each page its return to the site lands on
 * (api/src/routes/google.ts). Google's branding rules name the button's words.
 */
export const googleWords = {
  ...googleButtonWords,
  /** The page the link in "Add Google sign-in to your YSP account?" opens: a tap adds it. */
  linkPage: {
    meta: {
      title: `Add Google sign-in | ${site.name}`,
      description: `Let a Google account log in to your ${site.name} account.`,
    },
    title: "Add Google sign-in",
    text: `Tap the button to let the Google account of your email log in to your ${site.name} account. Your password and the phones you are logged in on stay as they are.`,
    withoutLink: `This page adds Google sign-in to a ${site.name} account. Open it from the link in our email "${linkSubject}".`,
    submit: "Add Google sign-in",
  },
  /** Asked when the names rule refuses the names Google gave: never stored as they came. */
  namePage: {
    meta: {
      title: `Your name | ${site.name}`,
      description: `Finish signing up to ${site.name} with Google: the name for your account.`,
    },
    title: "What's your name?",
    text: `The name on your Google account can't be used on ${site.name}. Type your name as you want it on your account, and we'll finish signing you up.`,
    firstName: "First name",
    lastName: "Last name",
    submit: "Finish signing up",
  },
  answers: {
    created: {
      title: "Your YSP account is ready",
      lines: [
        "You signed up with Google, and your email address is confirmed.",
        "Download the YSP app and choose Continue with Google there to start learning.",
        "To log in with a password too, choose one with Forgot password.",
      ],
      link: { href: accountPages.forgotPassword, text: "Set a password" },
    },
    known: {
      title: "You already have a YSP account",
      lines: [
        "This Google account already logs in to YSP, so no second account was made.",
        "Open the YSP app and choose Continue with Google to carry on learning.",
      ],
      link: { href: "/", text: "Go to home" },
    },
    takenOver: {
      title: "Your YSP account is ready",
      lines: [
        "You signed up with Google, and your email address is confirmed.",
        "Someone had signed up with this email before but never confirmed it. The account is yours now: we removed the password that sign-up chose and logged out every phone.",
        "Download the YSP app and choose Continue with Google there to start learning.",
      ],
      link: { href: accountPages.forgotPassword, text: "Set a password" },
    },
    linkSent: {
      title: "Check your email",
      lines: [
        "You already have a YSP account with this email address, so we have not made a second one.",
        `We've sent you an email, "${linkSubject}". Tap its button within ${googleSignIn.linkLifetime.words}, and this Google account will log in to YSP too.`,
        "Check your inbox and your spam folder.",
      ],
      link: { href: "/", text: "Go to home" },
    },
    linked: {
      title: "Google sign-in is on",
      lines: [
        "Your Google account now logs in to your YSP account.",
        "Open the YSP app and choose Continue with Google. If your account has a password, it still works too.",
      ],
      link: { href: "/", text: "Go to home" },
    },
    addressTaken: {
      title: "An account with this email already exists",
      lines: [
        "Someone, probably you, signed up to YSP with this email address before.",
        "Log in with its password, or choose a new one with Forgot password.",
      ],
      link: { href: accountPages.forgotPassword, text: "Forgot password" },
    },
    addressNotProven: {
      title: "Please sign up with the form",
      lines: [
        "Google did not confirm that this email address is yours, so we can't use it to make your account.",
        "Sign up with the form instead: we'll send a link to confirm your email.",
      ],
      link: { href: accountPages.join, text: "Sign up with the form" },
    },
    failed: {
      title: "We couldn't finish signing you in with Google",
      lines: [
        "The sign-in took too long, was opened in another browser, or Google refused it. Nothing was saved.",
      ],
      link: { href: accountPages.join, text: "Try again" },
    },
    unavailable: {
      title: "Google sign-in is not working right now",
      lines: ["Please try again in a few minutes, or sign up with the form."],
      link: { href: accountPages.join, text: "Sign up with the form" },
    },
  },
} as const;
