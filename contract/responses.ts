import * as z from "zod/mini";

/**
 * Every answer the API sends, each written once: the API draws its response
 * JSON Schemas from these (they serialise the answer and document it at
 * /api/openapi.json), and the site and the tests take their types from them.
 */

/** A student as the API shows them: never the password hash, never who referred them. */
export const publicUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  user_type: z.literal("STUDENT"),
  referral_code: z.string(),
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

export const apiErrorItemSchema = z.object({
  code: z.string(),
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
