import { accountMessages, linkLifetimes } from "@ysp/contract";
import { common } from "./common.ts";
import { site } from "./site.ts";

/**
 * The pages a message's link opens, and the page that asks for a new password.
 * The sentences the server also says (a link sent, a link refused, the
 * password changed) are in @ysp/contract, for both to use.
 */
export const accountPageWords = {
  verifyEmail: {
    meta: {
      title: `Confirm your email | ${site.name}`,
      description: `Confirm the email address of your ${site.name} account.`,
    },
    title: "Confirm your email",
    text: "Tap the button to confirm that this is your email address.",
    submit: "Confirm my email",
    newLink: {
      title: "Need a new link?",
      text: `A link works once, for ${linkLifetimes.verifyEmail.words}. Enter your account's email and we'll send a new one.`,
      submit: "Send a new link",
    },
  },
  emailConfirmed: {
    meta: {
      title: `Email confirmed | ${site.name}`,
      description: `Your ${site.name} account's email address is confirmed.`,
    },
    title: accountMessages.emailConfirmed,
    // The first confirmation logs every phone out (accounts/account-links.ts verifyEmail).
    text: "Thank you. Download the app and log in with your email and password. If you were already logged in to the app, it will ask you to log in again.",
    download: "Download the app",
  },
  forgotPassword: {
    meta: {
      title: `Forgot your password? | ${site.name}`,
      description: `Get a link to choose a new password for your ${site.name} account.`,
    },
    title: "Forgot your password?",
    text: `Enter your account's email. We'll send you a link to choose a new password; it works for ${linkLifetimes.resetPassword.words}.`,
    submit: "Send me a link",
    remembered: "Remembered it?",
    logIn: "Log in to the app",
  },
  resetPassword: {
    meta: {
      title: `Choose a new password | ${site.name}`,
      description: `Choose a new password for your ${site.name} account.`,
    },
    title: "Choose a new password",
    text: "When you change it, every phone logged in to your account is logged out. Then log in again with the new password.",
    label: "New password",
    hint: "At least 8 characters",
    showPassword: "Show password",
    submit: "Change password",
    expired: "Link expired or used?",
    newLink: "Get a new link",
  },
  email: "Email",
  home: common.goHome,
} as const;
