import { site } from "./site.ts";

/**
 * How long a look's reason may be, in characters once trimmed: 3 keeps out a stray key ("x"),
 * 500 is a few sentences, which says why without retelling a conversation.
 */
export const staffReasonLength = { min: 3, max: 500 } as const;

/**
 * The words staff read on /staff/students (looking up one student's account, with a reason)
 * and /staff/audit (every look on record). Written for the company's own staff, not for
 * students: the stored names of things are named as support talks about them.
 */
export const staffStudentsWords = {
  lookUp: {
    title: "Look up a student",
    text: `Every look is recorded with your reason, and the student and their parent or guardian see when ${site.name} staff looked and why in their data.`,
    email: "Student's email",
    reason: "Why you need to look",
    reasonHint: `${staffReasonLength.min} to ${staffReasonLength.max} characters. The student reads it. Leave out their name and email, as the record stays after an account is deleted.`,
    submit: "Look up and record",
    notFound: (email: string) => `No account has the email ${email}. Nothing was recorded.`,
    notAllowed: "Only an admin can look up a student. Nothing was recorded.",
  },
  /** Under their field: one sentence each, with no full stop (docs/voice.md). */
  problems: {
    emailRequired: "Please enter the student's email",
    emailInvalid: "Please enter a valid email address",
    reasonRequired: "Please enter why you need to look",
    reasonShort: `A reason must be at least ${staffReasonLength.min} characters`,
    reasonLong: `A reason must be at most ${staffReasonLength.max} characters`,
    reasonNotText: "Please write the reason as plain text",
  },
  account: {
    recorded: "This look is on record, made on",
    times: "Times are Lagos time.",
    none: "None",
    empty: "—",
    yes: "Yes",
    no: "No",
    /** Each part of a look, in its order: a heading and a name for each of its fields. */
    sections: {
      account: {
        title: "Account",
        fields: {
          id: "Account number",
          name: "Name",
          email: "Email",
          created_at: "Signed up",
          email_confirmed_at: "Email confirmed",
        },
      },
      signed_up_from: {
        title: "How they found us",
        fields: {
          utm_source: "Campaign source",
          utm_medium: "Campaign medium",
          utm_campaign: "Campaign",
          referrer: "Website they came from",
        },
      },
      invites: {
        title: "Invites",
        fields: {
          referral_code: "Their invite code",
          invited_by_another_student: "Invited by another student",
          students_invited: "Students they invited",
        },
      },
      google_sign_in: {
        title: "Google sign-in",
        fields: { linked: "Linked", linked_at: "Linked on" },
      },
      guardian_requests: {
        title: "Requests to a parent or guardian",
        fields: {
          guardian_email: "Sent to",
          sent_at: "Sent",
          expires_at: "Works until",
          answered_at: "Answered",
          replaced_at: "Replaced by a newer request",
        },
      },
      consent_records: {
        title: "Permissions and consents",
        fields: { kind: "What", at: "When" },
      },
      sessions: {
        title: "Where they are logged in",
        fields: {
          live: "Phones or computers logged in now",
          last_login: "Last login",
          devices: "Which",
        },
      },
      newsletter: {
        title: "Newsletter",
        fields: { asked_at: "Asked for", confirmed_at: "Confirmed", unsubscribed_at: "Stopped" },
      },
      data_requests: {
        title: "Requests about their data",
        fields: { kind: "What", asked_at: "Asked", done_at: "Done", outcome: "Outcome" },
      },
    },
    unknownDevice: "A phone or computer we could not name",
    /** The stored names of things, in words; a name not here is shown as stored. */
    values: {
      terms_accepted: "Accepted the Terms of Service and Privacy Policy",
      newsletter_subscribed: "Asked for the newsletter",
      newsletter_confirmed: "Confirmed the newsletter",
      newsletter_withdrawn: "Stopped the newsletter",
      guardian_granted: "A parent or guardian gave permission",
      guardian_refused: "A parent or guardian did not give permission",
      link: "Asked for a link to their data",
      download: "Saw or downloaded their data",
      correct: "Corrected their name",
      stop_marketing: "Stopped marketing emails",
      delete: "Deleted their account",
      guardian_refusal_erasure: "Deletion after a parent or guardian said no",
    },
  },
  audit: {
    title: "Looks at students' data",
    text: "Every look by staff at a student's account: when, who looked, whose account, what was shown and why. Nobody can change or delete a row.",
    columns: {
      at: "When",
      member: "Who looked",
      student: "Account number",
      shown: "What was shown",
      reason: "Why",
    },
    none: "Nobody has looked at a student's account yet.",
    older: "Older looks",
  },
} as const;
