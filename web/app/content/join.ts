import { accountPages, type SignupField } from "@ysp/contract";
import type { PagePath } from "../pages.ts";
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
    to: accountPages.forgotPassword satisfies PagePath,
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
  /** The page a sign-up without a script lands on (/signed-up). */
  page: {
    meta: {
      title: `Account created | ${site.name}`,
      description: `Your ${site.name} account is made: confirm your address, then log in to the app.`,
    },
    title: "Your account is ready",
    store: "Download the app",
    home: common.goHome,
    /** For an address typed wrong, which no link can reach: the way to mend it. */
    typedWrong: "Typed your email wrong?",
    changeEmail: "Change it",
  },
} as const;
