import { accountPages } from "@ysp/contract";

/**
 * What "Continue with Google" says: the button, and each page its return to the site lands on
 * (api/src/routes/google.ts). Google's branding rules name the button's words.
 */
export const googleWords = {
  button: "Continue with Google",
  /** Instead of the button in an app's own browser, where Google refuses to sign anyone in. */
  inAppBrowser: "Open this page in Chrome to continue with Google",
  /** Between the button and the sign-up form. */
  orForm: "or sign up with your email",
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
    nameRefused: {
      title: "Please sign up with the form",
      lines: [
        "The name on this Google account has characters a YSP name can't have.",
        "Sign up with the form instead, with your name as you want it on your account.",
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
