import * as z from "zod/mini";

/**
 * Every answer the API sends, each written once: the API draws its response
 * JSON Schemas from these (they serialise the answer and document it at
 * /api/openapi.json), and the site and the tests take their types from them.
 */

/** Who an account is, as its owner sees it: in /me's answer and in the download of their data. */
export const accountIdentityFields = {
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_type: z.literal("STUDENT"),
  referral_code: z.string(),
};

/** A student as the API shows them: never the password hash, never who referred them. */
export const publicUserSchema = z.object({
  ...accountIdentityFields,
  /** Whether the student opened the link in "Confirm your email" (or reset their password by mail). */
  email_verified: z.boolean(),
  /**
   * A parent's or guardian's permission, asked from the confirmation page or "Your data":
   * given, refused (the account is then erased after 30 days unless it comes), asked and not
   * yet answered, or never asked. The app decides what to gate on it.
   */
  guardian_consent: z.enum(["granted", "refused", "pending", "none"]),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** A session's tokens: a short-lived access token and the refresh token that renews it. */
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** POST /api/v1/auth/login/: the first token pair and the student it belongs to. */
export const loginResponseSchema = z.extend(tokenPairSchema, { user: publicUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** A sentence for the student: sign-up's success and the newsletter's answers. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** POST /api/v1/auth/signup/ (spec §3, §7). */
export type SignupResponse = MessageResponse;

/**
 * Every `code` an error can carry, with what it means: a client switches on these, never on
 * `detail`, which is a sentence for people and may be reworded. The OpenAPI document lists,
 * for each operation and status, the ones it can answer.
 */
export const apiErrorCodes = {
  invalid: "A field breaks one of its rules; `attr` names it and `detail` says which.",
  invalid_type: "A field is missing or is not of its type (a string, say).",
  invalid_value: "A field is not one of the values it takes.",
  invalid_format: "A field is not in its format.",
  too_small: "A field is too short or too small.",
  too_big: "A field is too long or too large.",
  parse_error: "The body is empty or not valid JSON.",
  bad_request: "The request could not be understood (its Content-Length, say).",
  cookie_twice: "The request carried one of the site's cookies twice; neither is used.",
  email_taken: "An account with this email already exists.",
  invalid_referral_code: "No student has this invite code.",
  guardian_email_own: "The parent's address is the student's own.",
  link_expired: "The mailed link's token has expired.",
  link_used: "The mailed link's token has been used.",
  link_replaced: "A newer link was sent; only the newest works.",
  link_invalid: "The token is not one of ours.",
  authentication_failed: "The email or the password is wrong.",
  google_token_refused:
    "The Google ID token is malformed, expired, signed by a key Google no longer publishes, or for another client or issuer.",
  terms_required: "A new account needs accept_terms: true.",
  password_required:
    "The account has no password, so its Google sign-in is its only way in: choose a password first (requestPasswordReset).",
  google_link_sent:
    "An account already has the address, so nothing is linked: its mailbox was sent a link that adds this Google account to it (once, within 48 hours).",
  email_unverified:
    "Google does not vouch for the address (email_verified false, or an address Google is not authoritative for).",
  name_refused:
    "The name Google gave breaks the names rule: ask the student for one and send it as first_name and last_name.",
  wrong_password: "The account's password, given to prove the request is the student's, is wrong.",
  same_email: "The new address is already the account's.",
  email_confirmed:
    "The account's address is confirmed, so it cannot be corrected: change it with requestEmailChange.",
  session_not_found: "The account has no session with this id (another account's is unknown too).",
  token_not_valid: "The refresh token has expired, was used, or was ended; log in again.",
  not_authenticated: "No valid token came with a request that needs one.",
  payload_too_large: "The body is larger than the API reads.",
  unsupported_media_type: "The body is not sent as application/json.",
  throttled: "Too many requests; wait for the seconds in Retry-After.",
  service_busy: "Too many passwords are being checked; wait for Retry-After.",
  database_unavailable: "The database cannot be reached or is too slow; wait for Retry-After.",
  server_stopping: "This instance is restarting; try again (Retry-After).",
  request_timeout:
    "The request took longer to arrive than the server waits (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS); send it again.",
  server_error: "Something failed on the server's side.",
  not_found: "No such address in the API.",
  method_not_allowed: "The address takes another method.",
} as const;
export type ApiErrorCode = keyof typeof apiErrorCodes;

const apiErrorCodeList = Object.keys(apiErrorCodes) as [ApiErrorCode, ...ApiErrorCode[]];

export const apiErrorItemSchema = z.object({
  code: z.enum(apiErrorCodeList),
  detail: z.string(),
  attr: z.nullable(z.string()),
});
export type ApiErrorItem = z.infer<typeof apiErrorItemSchema>;

/**
 * The error shape every API answer uses on failure, and the one the site
 * reads (`errors[0].detail`). The mobile app speaks it too, so it is fixed.
 */
export const apiErrorBodySchema = z.object({
  type: z.enum(["validation_error", "client_error", "server_error"]),
  errors: z.array(apiErrorItemSchema),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** GET /healthz: the process answers. */
export const healthSchema = z.object({ status: z.literal("ok") });
export type Health = z.infer<typeof healthSchema>;

/** GET /readyz: whether the process can reach its database, and which kind it is. */
export const readinessSchema = z.object({
  status: z.enum(["ready", "unavailable"]),
  database: z.enum(["pglite", "postgres"]),
});
export type Readiness = z.infer<typeof readinessSchema>;
