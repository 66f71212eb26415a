import * as z from "zod/mini";
import { accountIdentityFields } from "./responses.ts";
import { loggedInViaSchema } from "./sessions.ts";

/**
 * GET /api/v1/auth/your-data: everything held about an account, section by section, as the
 * download writes it (api/src/accounts/personal-data.ts). Secrets (password hash, token
 * hashes, nonces) are left out; every time is ISO 8601, and null where it has not happened.
 */

const at = z.iso.datetime();
const atIfEver = z.nullable(at);
const textOrNull = z.nullable(z.string());

/** The account's own row. */
export const downloadAccountSchema = z.object({
  ...accountIdentityFields,
  invited_by_another_student: z.boolean(),
  created_at: at,
  email_confirmed_at: atIfEver,
});

/**
 * Where the student came from to sign up, as the sign-up page read it (contract's
 * sign-up-source.ts): its link's campaign keys and the site that sent them; null where none.
 */
export const downloadSignedUpFromSchema = z.object({
  utm_source: textOrNull,
  utm_medium: textOrNull,
  utm_campaign: textOrNull,
  referrer: textOrNull,
});

/** Counts only: the students an account invited are people of their own. */
export const downloadReferralsSchema = z.object({ students_invited: z.int() });

/** A login: when it began, was last refreshed and ended, and the device it was on. */
export const downloadSessionSchema = z.object({
  created_at: at,
  last_refreshed_at: atIfEver,
  ended_at: atIfEver,
  via: loggedInViaSchema,
  /** The device by the name listSessions gives it. */
  device_name: textOrNull,
  /** The User-Agent it was read from. */
  device: textOrNull,
});

/** A link mailed for the account, its token left out. */
export const downloadLinkSchema = z.object({
  purpose: z.string(),
  email: textOrNull,
  created_at: at,
  expires_at: at,
  used_at: atIfEver,
  replaced_at: atIfEver,
});

/** A message queued for the account: what kind, and what became of it. */
export const downloadEmailSchema = z.object({
  kind: z.string(),
  queued_at: at,
  sent_at: atIfEver,
  failed_at: atIfEver,
});

/** A consent recorded for the account or for its address's newsletter. */
export const downloadConsentSchema = z.object({
  kind: z.string(),
  at,
  terms_version: textOrNull,
  privacy_version: textOrNull,
  source_page: textOrNull,
  guardian_name: textOrNull,
  guardian_relationship: textOrNull,
});

/** A request for a parent's permission, its token left out. */
export const downloadGuardianRequestSchema = z.object({
  guardian_email: z.string(),
  sent_at: at,
  expires_at: at,
  replaced_at: atIfEver,
  answered_at: atIfEver,
});

/** The newsletter row of the account's address. */
export const downloadNewsletterSchema = z.object({
  email: z.string(),
  asked_at: at,
  from_page: textOrNull,
  confirmed_at: atIfEver,
  unsubscribed_at: atIfEver,
});

/** A request about the address's data: seeing, correcting, deleting it. */
export const downloadDataRequestSchema = z.object({
  kind: z.string(),
  asked_at: at,
  done_at: atIfEver,
  outcome: textOrNull,
});

/** An identity provider's account that logs in to this one ("Continue with Google"). */
export const downloadSignInProviderSchema = z.object({
  /** The provider, by its issuer: https://accounts.google.com for Google. */
  issuer: z.string(),
  /** The provider's own number for its account, by which it is known here. */
  subject: z.string(),
  /** The address the provider vouched for when it was linked. */
  email: z.string(),
  linked_at: at,
});

/**
 * A look by a member of the company's staff at the account (api/src/staff/audit.ts): when, and
 * the reason they gave. Who looked is left out: they look on the company's behalf.
 */
export const downloadStaffLookSchema = z.object({ at, reason: z.string() });

/** The whole download, oldest first within each section. */
export const yourDataDownloadSchema = z.object({
  exported_at: at,
  account: downloadAccountSchema,
  referrals: downloadReferralsSchema,
  signed_up_from: downloadSignedUpFromSchema,
  sessions: z.array(downloadSessionSchema),
  links_sent_by_email: z.array(downloadLinkSchema),
  emails: z.array(downloadEmailSchema),
  consent_records: z.array(downloadConsentSchema),
  guardian_requests: z.array(downloadGuardianRequestSchema),
  newsletter: z.array(downloadNewsletterSchema),
  data_requests: z.array(downloadDataRequestSchema),
  sign_in_providers: z.array(downloadSignInProviderSchema),
  staff_looks: z.array(downloadStaffLookSchema),
});
export type YourDataDownload = z.infer<typeof yourDataDownloadSchema>;
