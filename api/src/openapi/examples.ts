import {
  accountMessages,
  dataRightsLifetimes,
  dataRightsMessages,
  deleteConfirmation,
  emailChangeMessages,
  type LoginResponse,
  type PublicUser,
  type SessionList,
  type SignupBody,
  signupCorrectionMessages,
  type TokenPair,
  type YourDataDownload,
} from "@ysp/contract";
import type { Example } from "./operation.ts";

/**
 * The values the API's document shows in its examples: one student throughout, so a reader
 * follows her from sign-up to her data. The document's test checks each against its schema.
 */

const student = {
  email: "ada.obi@example.com",
  password: "kola-nut-42",
  first_name: "Ada",
  last_name: "Obi",
} as const;

export const signupExample: SignupBody = {
  ...student,
  user_type: "STUDENT",
  referral_code: "K7QX9M",
};

// Shaped as the API's tokens are (JWTs), signed by no key: they open nothing.
const tokens: TokenPair = {
  access: "eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJhY2Nlc3MiLCJzdWIiOiI0ZjJjIn0.c2lnbmVkLWJ5LW5vLWtleQ",
  refresh: "eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJyZWZyZXNoIiwic3ViIjoiNGYyYyJ9.c2lnbmVkLWJ5LW5vLWtleQ",
};

const user: PublicUser = {
  id: "4f2c8a3e-9b1d-4e6f-8a2b-3c4d5e6f7a8b",
  email: student.email,
  first_name: student.first_name,
  last_name: student.last_name,
  user_type: "STUDENT",
  referral_code: "P3RZ8W",
  email_verified: true,
  guardian_consent: "granted",
};

/** A token from a mailed link: 43 characters of base64url. */
const linkToken = "q3Jx8m2Lw0Zb6T1yVd5nK9sHc4rE7uAfGiOpXt2BkYw";
const parentEmail = "mrs.obi@example.com";

const one = (summary: string, value: unknown): Record<string, Example> => ({
  example: { summary, value },
});

export const message = (summary: string, text: string) => one(summary, { message: text });

export const examples = {
  signupBody: one("A student with an invite code", signupExample),
  loginBody: one("Email and password", { email: student.email, password: student.password }),
  login: one("Tokens and the student", { ...tokens, user } satisfies LoginResponse),
  refreshBody: one("The refresh token last given", { refresh: tokens.refresh }),
  googleLoginBody: one("A first sign-in, from an invite link", {
    id_token:
      "eyJhbGciOiJSUzI1NiIsImtpZCI6ImsxIiwidHlwIjoiSldUIn0.eyJpc3MiOiJodHRwczovL2FjY291bnRzLmdvb2dsZS5jb20iLCJzdWIiOiIxMDQ3MTkzODgyMTY2MDM4NDUyOTcifQ.c2lnbmF0dXJl",
    accept_terms: true,
    referral_code: "K7QX9M",
  }),
  tokens: one("A new pair; the refresh token sent is now spent", tokens),
  me: one("The logged-in student", user),
  emailBody: one("An address", { email: student.email }),
  tokenBody: one("The token from the link", { token: linkToken }),
  unsubscribeTokenBody: one("The token from a newsletter's unsubscribe link", {
    token: `3f9c2a10-7b4e-4d21-9a6f-0c8e5b1d2a74.${linkToken}`,
  }),
  passwordResetBody: one("The token and the new password", {
    token: linkToken,
    password: "new-kola-nut-43",
  }),
  dataAccess: one(`Manages the data for ${dataRightsLifetimes.yourData.words}`, {
    access: tokens.access,
    expires_in: dataRightsLifetimes.yourData.seconds,
  }),
  download: one("A student a week after signing up", {
    exported_at: "2026-09-08T09:30:00.000Z",
    account: {
      id: user.id,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      user_type: "STUDENT",
      referral_code: user.referral_code,
      invited_by_another_student: true,
      created_at: "2026-09-01T08:00:00.000Z",
      email_confirmed_at: "2026-09-01T08:05:00.000Z",
    },
    referrals: { students_invited: 2 },
    signed_up_from: {
      utm_source: "whatsapp",
      utm_medium: null,
      utm_campaign: "waec-2027",
      referrer: null,
    },
    sessions: [
      {
        created_at: "2026-09-01T08:06:00.000Z",
        last_refreshed_at: "2026-09-08T09:20:00.000Z",
        ended_at: null,
        via: "password",
        device_name: "Android 12 · TECNO KG5",
        device: "Mozilla/5.0 (Linux; Android 12; TECNO KG5) AppleWebKit/537.36",
      },
    ],
    links_sent_by_email: [
      {
        purpose: "verify_email",
        email: null,
        created_at: "2026-09-01T08:00:00.000Z",
        expires_at: "2026-09-02T08:00:00.000Z",
        used_at: "2026-09-01T08:05:00.000Z",
        replaced_at: null,
      },
    ],
    emails: [
      {
        kind: "verify-email",
        queued_at: "2026-09-01T08:00:00.000Z",
        sent_at: "2026-09-01T08:00:02.000Z",
        failed_at: null,
      },
    ],
    consent_records: [
      {
        kind: "terms_accepted",
        at: "2026-09-01T08:00:00.000Z",
        terms_version: "2026-08-01",
        privacy_version: "2026-08-01",
        source_page: "/join",
        guardian_name: null,
        guardian_relationship: null,
      },
    ],
    guardian_requests: [],
    newsletter: [],
    data_requests: [
      {
        kind: "link",
        asked_at: "2026-09-08T09:25:00.000Z",
        done_at: "2026-09-08T09:25:00.000Z",
        outcome: null,
      },
    ],
    sign_in_providers: [
      {
        issuer: "https://accounts.google.com",
        subject: "104719388216603845297",
        email: "adaeze.obi@gmail.com",
        linked_at: "2026-09-01T08:00:00.000Z",
      },
    ],
    staff_looks: [
      {
        at: "2026-09-05T10:15:00.000Z",
        reason: "Her mother called: the permission email never came.",
      },
    ],
  } satisfies YourDataDownload),
  nameBody: one("The corrected name", { first_name: "Adaeze", last_name: "Obi" }),
  emptyBody: one("Nothing more is needed", {}),
  guardianRequestBody: one("A parent's address", { guardian_email: parentEmail }),
  deleteBody: one(`The word ${deleteConfirmation}`, { confirm: deleteConfirmation }),
  guardianAnswerBody: {
    grant: {
      summary: "Permission given",
      value: {
        token: linkToken,
        decision: "grant",
        guardian_name: "Ngozi Obi",
        relationship: "Mother",
      },
    },
    refuse: { summary: "Permission refused", value: { token: linkToken, decision: "refuse" } },
  },
  newsletterBody: one("An address, and the page the form was on", {
    email: student.email,
    source: "/faqs",
  }),
  verifyLinkSent: message("The same for any address", accountMessages.verifyLinkSent),
  resetLinkSent: message("The same for any address", accountMessages.resetLinkSent),
  dataLinkSent: message("The same for any address", dataRightsMessages.dataLinkSent),
  emailConfirmed: message("Confirmed", accountMessages.emailConfirmed),
  passwordChanged: message("Changed; every session has ended", accountMessages.passwordChanged),
  nameCorrected: message("Corrected", dataRightsMessages.nameCorrected),
  marketingStopped: message("Stopped", dataRightsMessages.marketingStopped),
  googleRemoved: message("Google sign-in off", dataRightsMessages.googleRemoved),
  guardianAsked: {
    sent: { summary: "Asked", value: { message: dataRightsMessages.guardianAsked(parentEmail) } },
    granted: {
      summary: "Permission was already given",
      value: { message: dataRightsMessages.guardianAlreadyGranted },
    },
  },
  deleted: message("Deleted", dataRightsMessages.accountDeleted),
  guardianAnswered: {
    grant: { summary: "Permission given", value: { message: dataRightsMessages.guardianGranted } },
    refuse: {
      summary: "Permission refused",
      value: { message: dataRightsMessages.guardianRefused },
    },
  },
  emailChangeBody: {
    app: {
      summary: "From the app, with its bearer token: the password and the new address",
      value: { password: student.password, new_email: "ada.obi@example.org" },
    },
    page: {
      summary: "From a browser, without a token: the current address too",
      value: {
        email: student.email,
        password: student.password,
        new_email: "ada.obi@example.org",
      },
    },
  },
  emailChangeAsked: message(
    "The same whether or not the new address has an account",
    emailChangeMessages.asked,
  ),
  emailChanged: message("Changed; every session has ended", emailChangeMessages.changed),
  emailChangeUndone: message(
    "Put back; every session has ended, and a reset link is on its way",
    emailChangeMessages.undone,
  ),
  correctSignupEmailBody: one("The password, and the address as it should have been", {
    password: student.password,
    new_email: student.email,
  }),
  signupEmailCorrected: message(
    "Corrected; the link to confirm is on its way to the new address",
    signupCorrectionMessages.corrected,
  ),
  changePasswordBody: one("The password now, and the new one", {
    current_password: student.password,
    new_password: "new-kola-nut-43",
  }),
  sessions: one("Her phone (with Google), asking, and a browser she logged in from at school", {
    sessions: [
      {
        id: "9a1e7c42-5d3b-4f8a-b6c1-2e0d4f9a8b7c",
        device: "Android 12 · TECNO KG5",
        via: "google",
        created_at: "2026-09-01T08:10:00.000Z",
        last_used_at: "2026-11-25T09:30:00.000Z",
        current: true,
      },
      {
        id: "3c5b2a19-8e7d-4a6f-9b0c-1d2e3f4a5b6c",
        device: "Chrome on Windows",
        via: "password",
        created_at: "2026-11-20T13:02:00.000Z",
        last_used_at: "2026-11-21T10:45:00.000Z",
        current: false,
      },
    ],
  } satisfies SessionList),
  newsletterAsked: message("The same words for every address", dataRightsMessages.newsletterAsked),
  newsletterConfirmed: message("Subscribed", dataRightsMessages.newsletterConfirmed),
  unsubscribed: message("Unsubscribed", dataRightsMessages.unsubscribed),
} satisfies Record<string, Record<string, Example>>;
