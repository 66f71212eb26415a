import {
  dataRightsLifetimes,
  dataRightsMessages,
  type GuardianConsentState,
  guardianRelationships,
  type LinkProblem,
  type NewsletterState,
} from "@ysp/contract";
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
      text: `Enter your account's email. We'll send you a link that works for ${dataRightsLifetimes.yourData.words}: only you can open your email, so this shows us it is you.`,
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
    /** Whose account is open: the server writes the facts in (contract's yourDataSlots). */
    account: {
      title: "Your account",
      name: "Name",
      email: "Email",
      guardian: "Parent's or guardian's permission",
      newsletter: "Newsletter",
      google: "Google sign-in",
    },
    google: {
      title: "Google sign-in",
      text: "A Google account logs in to your account. Turn it off, and only your email and password log in; you can add it again with Continue with Google.",
      submit: "Turn off Google sign-in",
      forgot: "Forgot password",
    },
    download: {
      title: "See everything",
      text: "Your account, where you logged in (dates and devices), what you agreed to, requests to your parent or guardian, emails we sent you, how many students you invited, how you found us, your newsletter, and when our staff looked at your account and why. Read it as a page you can print, or download it as one file.",
      view: "View my data",
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
      text: "Your account, where you logged in, your records and your newsletter subscription are deleted at once and cannot come back. Every phone logged in is logged out. We send one last email to say it is done.",
      label: dataRightsMessages.deleteConfirm,
      submit: "Delete my account",
    },
  },
  /** The states the server writes into "Your account", in words. */
  states: {
    guardian: {
      granted: "Given",
      refused: "Not given",
      pending: "Asked, waiting for an answer",
      none: "Not asked yet",
    },
    google: { on: "On", off: "Off" },
    newsletter: {
      subscribed: "Subscribed",
      unconfirmed: "Waiting for you to confirm it by email",
      none: "Not subscribed",
    },
  } satisfies {
    guardian: Record<GuardianConsentState, string>;
    google: Record<"on" | "off", string>;
    newsletter: Record<NewsletterState, string>;
  },
  /** Shown where an account's facts would be, when this browser has no data session. */
  noSession: {
    text: `Your data is not open in this browser. The link in our email "Your data at ${site.name}" opens it for ${dataRightsLifetimes.yourData.words}.`,
    link: "Get a new link",
  },
  view: {
    meta: {
      title: `View my data | ${site.name}`,
      description: `Everything ${site.name} holds about you, as a page to read or print.`,
    },
    title: "Everything we hold about you",
    text: "To keep a copy, print this page or save it as a PDF from your browser's menu. Times are Lagos time.",
    back: "Back to your data",
    made: "Made on",
    none: "Nothing yet.",
    empty: "—",
    yes: "Yes",
    no: "No",
    /** Each part of the download, in its order: a heading and a name for each of its fields. */
    sections: {
      account: {
        title: "Your account",
        fields: {
          id: "Account number",
          email: "Email",
          first_name: "First name",
          last_name: "Last name",
          user_type: "Account type",
          referral_code: "Your invite code",
          invited_by_another_student: "Invited by another student",
          created_at: "Signed up",
          email_confirmed_at: "Email confirmed",
        },
      },
      referrals: { title: "Students you invited", fields: { students_invited: "How many" } },
      signed_up_from: {
        title: "How you found us",
        fields: {
          utm_source: "Campaign source",
          utm_medium: "Campaign medium",
          utm_campaign: "Campaign",
          referrer: "Website you came from",
        },
      },
      sessions: {
        title: "Where you logged in",
        fields: {
          created_at: "Logged in",
          last_refreshed_at: "Last used",
          ended_at: "Logged out",
          via: "Logged in with",
          device_name: "Device",
          device: "As the device named itself",
        },
      },
      links_sent_by_email: {
        title: "Links we emailed you",
        fields: {
          purpose: "For",
          email: "About the address",
          created_at: "Sent",
          expires_at: "Works until",
          used_at: "Used",
          replaced_at: "Replaced by a newer link",
        },
      },
      emails: {
        title: "Emails we sent you",
        fields: {
          kind: "Email",
          queued_at: "Written",
          sent_at: "Sent",
          failed_at: "Could not be delivered",
        },
      },
      consent_records: {
        title: "What you and your parent or guardian agreed to",
        fields: {
          kind: "What",
          at: "When",
          terms_version: "Terms of Service of",
          privacy_version: "Privacy Policy of",
          source_page: "On the page",
          guardian_name: "Parent's or guardian's name",
          guardian_relationship: "They are your",
        },
      },
      guardian_requests: {
        title: "Requests to your parent or guardian",
        fields: {
          guardian_email: "Sent to",
          sent_at: "Sent",
          expires_at: "Works until",
          replaced_at: "Replaced by a newer request",
          answered_at: "Answered",
        },
      },
      newsletter: {
        title: "Newsletter",
        fields: {
          email: "Email",
          asked_at: "Asked for",
          from_page: "On the page",
          confirmed_at: "Confirmed",
          unsubscribed_at: "Stopped",
        },
      },
      data_requests: {
        title: "Requests about your data",
        fields: { kind: "What", asked_at: "Asked", done_at: "Done", outcome: "Outcome" },
      },
      sign_in_providers: {
        title: "Signing in with another account",
        fields: {
          issuer: "Provider",
          subject: "Its number for you",
          email: "Its email",
          linked_at: "Added",
        },
      },
      staff_looks: {
        title: `When ${site.name} staff looked at your account`,
        fields: { at: "When", reason: "Why they looked" },
      },
    },
    /** The stored names of things, in words; a name not here is shown as stored. */
    values: {
      STUDENT: "Student",
      "https://accounts.google.com": "Google",
      verify_email: "Confirming your email",
      reset_password: "Choosing a new password",
      your_data: "Seeing your data",
      change_email: "Changing your email",
      undo_email_change: "Putting your old email back",
      link_google: "Adding Google sign-in",
      password: "Your password",
      google: "Google",
      "verify-email": "Confirm your email",
      "reset-password": "Reset your password",
      "password-changed": "Your password was changed",
      "your-data": `Your data at ${site.name}`,
      "guardian-request": "A request to your parent or guardian",
      "guardian-refused": "Your parent or guardian did not give permission",
      "newsletter-confirm": "Confirm your subscription",
      "email-change-confirm": "Confirm your new email",
      "email-change-taken": "Someone tried to use your email",
      "email-changed": "Your email was changed",
      "email-change-undone": "Your email is back: choose a new password",
      "google-link": "Add Google sign-in to your account?",
      "google-took-over": "Your account now logs in with Google",
      terms_accepted: "You accepted the Terms of Service and Privacy Policy",
      newsletter_subscribed: "You asked for the newsletter",
      newsletter_confirmed: "You confirmed the newsletter",
      newsletter_withdrawn: "You stopped the newsletter",
      guardian_granted: "Your parent or guardian gave permission",
      guardian_refused: "Your parent or guardian did not give permission",
      link: "You asked for a link to your data",
      download: "You saw or downloaded your data",
      correct: "You corrected your name",
      stop_marketing: "You stopped marketing emails",
      guardian_refusal_erasure: "Deleting your account after your parent or guardian said no",
      "link sent": "We sent you the link",
    },
  },
  guardianConsent: {
    /**
     * A parent's link that cannot be used, in words for the parent: only the student can ask
     * for a new one, so "ask for a new link" would send them nowhere.
     */
    unusable: {
      link_expired: "This link has expired.",
      link_used: "This link has already been used: your answer is recorded.",
      link_replaced:
        "The student sent a newer request, which replaced this link. Please use the link in the newest email.",
      link_invalid: "This link is not valid. Check that you opened the whole link from the email.",
      ask: "For a new link, ask the student to send you a new request.",
    } satisfies Record<LinkProblem | "ask", string>,
    meta: {
      title: `A student asks for your permission | ${site.name}`,
      description: `Give or refuse permission for a student to use ${site.name}.`,
    },
    title: "A student asks for your permission",
    /** In the student's name's place as built; the server writes the name over it. */
    childName: "the student who asked you",
    /** Around the student's name, which the server fills in. */
    before: "",
    after: ` signed up for ${site.name} and gave your email as their parent's or guardian's. Students under 18 need a parent's or guardian's permission to use ${site.name}.`,
    keyPointsTitle: "What we keep, and why, in plain words",
    keyPoints: [
      "Their name, email and password (stored scrambled, so nobody can read it), to give them an account.",
      "What they study and how they do in practice questions, quizzes and mock exams, to show their progress.",
      "The phones they log in from and when, to keep the account safe.",
      "We do not sell their data.",
      `Your child can see, download, correct or delete their data at any time on the Your data page. You can ask us to do it for them by writing to ${site.email}.`,
      `You can withdraw permission later by writing to ${site.email}; we then delete the account and its data.`,
    ],
    privacyLink: "Read the full Privacy Policy",
    termsLink: "Read the Terms of Service",
    grant: {
      title: "Give permission",
      /** What the grant records (the consent record keeps both versions): said before it. */
      text: `Giving permission means you accept our Terms of Service and Privacy Policy for your child's use of ${site.name}.`,
      name: "Your name",
      relationship: "You are their",
      choose: "Choose one",
      relationships: guardianRelationships,
      submit: "Give permission",
    },
    refuse: {
      title: "Not your child, or you do not agree?",
      text: `We'll tell the student, and delete the account and its data after ${dataRightsLifetimes.erasureAfterRefusal.words} unless a parent or guardian gives permission.`,
      submit: "This is not my child / I do not agree",
    },
    /**
     * "Are you sure?" between the refusal's button and its record: what the answer does, in
     * full, with the way back as the main button and the refusal as the other.
     */
    confirmRefusal: {
      meta: {
        title: `Are you sure? | ${site.name}`,
        description: `What saying no to a student's request to use ${site.name} does.`,
      },
      title: "Are you sure you do not give permission?",
      /** Around the student's name, which the server fills in. */
      before: "Your answer will stop ",
      after: ` using ${site.name}:`,
      points: [
        "We'll email the student to say you did not give permission.",
        `Their account and all its data will be deleted in ${dataRightsLifetimes.erasureAfterRefusal.words}, unless a parent or guardian gives permission before then.`,
        "Until then you can change your mind: open the link in our email again and give permission.",
      ],
      back: "Go back",
      submit: "Yes, I do not give permission",
    },
    /**
     * A link already answered, opened again: the answer and when (Lagos time), and after a
     * refusal, while the account lasts, the way to give permission after all.
     */
    answered: {
      title: "Your answer",
      refused: (at: string) => `You said no on ${at} (Lagos time).`,
      /** While no permission has come since: when the account goes. */
      erasure: (on: string) =>
        `Unless a parent or guardian gives permission, the account and its data will be deleted on ${on}.`,
      change: "Changed your mind? You can still give permission below.",
      granted: (at: string) => `You gave permission on ${at} (Lagos time). Thank you.`,
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
    text: "Tap the button and we'll send you no more newsletters. You can subscribe again at any time.",
    submit: "Unsubscribe",
  },
  emailConfirmedGuardian: {
    title: "Under 18?",
    text: "A parent or guardian must give permission for you to use the app. Enter their email and we'll ask them.",
    /** Instead of the form, when this browser's time to ask has run out or it never had any. */
    later:
      "A parent or guardian must give permission for you to use the app. To ask them, get a link to your data by email; from there you can send them a request.",
    link: "Get a link to your data",
  },
} as const;
