import { accountPages, linkLifetimes } from "@ysp/contract/account";
import type { SignupField } from "@ysp/contract/signup";
import { signupCorrectionLifetime } from "@ysp/contract/signup-correction";
import { common } from "./common.ts";
import { legalPages } from "./navigation.ts";
import { site } from "./site.ts";

/**
 * The sign-up page's copy (spec §2: title, subtitle and button word for word). Its validation
 * messages and toasts are the API's too, so they live in @ysp/contract.
 */
export const joinPage = {
  meta: {
    title: `Sign up | ${site.name}`,
    description: `Create your free ${site.name} student account, then download the app and log in.`,
  },
  title: `Welcome to ${site.name}`,
  subtitle: "Complete the form to register",
  signedIn: {
    text: (email: string) => `You are already logged in as ${email}.`,
    link: "Open the app",
    after: "to carry on learning.",
  },
  labels: {
    first_name: "First name",
    last_name: "Last name",
    email: "Email",
    password: "Password",
  } satisfies Record<SignupField, string>,
  /** Our rule, not the spec's (contract's newPassword): said before the student types. */
  passwordHint: "At least 8 characters",
  showPassword: "Show password",
  invite: {
    label: "Invite code",
    placeholder: "None",
    hint: "Filled in from your invite link, if you have one",
    unknown: "No student has this invite code",
    continueWithout: "Continue without an invite code",
  },
  submit: "Continue",
  pending: "Creating your account…",
  consent: {
    before: "By continuing you agree to our",
    terms: legalPages.terms,
    and: "and",
    privacy: legalPages.privacy,
    after: ". Students under 18 need a parent's or guardian's permission.",
  },
  logIn: { question: "Already have an account?", link: "Log in to the app" },
  forgotPassword: {
    label: "Forgot your password?",
    to: accountPages.forgotPassword,
  },
} as const;

/**
 * After a sign-up: the address must be confirmed from a message, so the site says so until the
 * student closes the notice (on home), or on the page a sign-up without a script lands on.
 */
export const checkEmail = {
  heading: "Check your email",
  /** `masked` is maskEmail's "a•••@example.ng". */
  sentTo: (masked: string) => `We've sent a link to ${masked}. Open it to confirm your address.`,
  /** In place of the address on /signed-up as built, the same page for everyone. */
  yourEmail: "your email",
  resend: "Didn't get it?",
  resending: "Sending a new link…",
  close: "Close this notice",
  /** Beside the masked address, for one typed wrong, which no link can reach: the way to mend it. */
  wrongAddress: "Wrong address?",
  changeIt: "Change it",
  /** The page a sign-up without a script lands on (/signed-up). */
  page: {
    meta: {
      title: `Account created | ${site.name}`,
      description: `Your ${site.name} account is made: confirm your address, then log in to the app.`,
    },
    title: "Your account is ready",
    store: "Download the app",
    home: common.goHome,
    /** "Didn't get it?" in the browser that signed up, which knows the address already. */
    newLinkHere: `A link works once, for ${linkLifetimes.verifyEmail.words}. We'll send a new one to the same address.`,
  },
  /**
   * Putting a mistyped address right from the browser that signed up: the form in home's
   * notice, and its page (/correct-email). The server's sentences are in @ysp/contract.
   */
  correct: {
    meta: {
      title: `Correct your email | ${site.name}`,
      description: `Put right the email address of the ${site.name} account you have just made.`,
    },
    title: "Correct your email",
    /** Before the masked address, which the server writes in for the browser that signed up. */
    madeWith: "Your account was made with",
    howTo:
      "Type the right address and your password. We'll send the link there, and nothing to the wrong one.",
    /** The page as built, and to any browser that has made no account lately. */
    none: `Only the browser an account was made in can correct its email here, for ${signupCorrectionLifetime.words} after the sign-up and until the email is confirmed.`,
    elsewhere: "Signed up in another browser, or before?",
    changeEmail: "Change your email",
    newEmail: "Right email",
    password: "Password",
    submit: "Send the link there",
    sending: "Sending the link…",
  },
} as const;
