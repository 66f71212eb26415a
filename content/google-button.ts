/**
 * "Continue with Google"'s own words, in a module apart from google.ts: /join's bundle carries
 * these, and none of the pages' the sign-in lands on.
 */
export const googleButtonWords = {
  button: "Continue with Google",
  /** Instead of the button in an app's own browser, where Google refuses to sign anyone in. */
  inAppBrowser: "Open this page in Chrome to continue with Google",
  /** Between the button and the sign-up form. */
  orForm: "or sign up with your email",
} as const;
