import { accountPages, type SignupField } from "@ysp/contract";
import type { PagePath } from "../pages.ts";
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
    text: (email: string) => `You are already signed in as ${email}.`,
    link: "Open the app",
    after: "to carry on learning.",
  },
  labels: {
    first_name: "First name",
    last_name: "Last name",
    email: "Email",
    password: "Password",
  } satisfies Record<SignupField, string>,
  showPassword: "Show password",
  invite: {
    label: "Invite code",
    placeholder: "None",
    hint: "Filled in from your invite link, if you have one.",
    rejected: "This invite code was not accepted.",
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
  logIn: { question: "Already have an account?", link: "Log in in the app" },
  forgotPassword: {
    label: "Forgot your password?",
    to: accountPages.forgotPassword satisfies PagePath,
  },
} as const;
