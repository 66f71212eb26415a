import * as z from "zod/mini";
import { newPassword, password } from "./api.ts";

/**
 * A logged-in student's sessions and password (the app's account screen): the bodies the API
 * takes, the answers it gives and the sentences of its refusals.
 */

export const sessionMessages = {
  wrongPassword: "Your current password is not right",
  sessionNotFound: "No session of yours has this id. It may have ended already.",
} as const;

/** POST /api/v1/auth/password/: the password now, then the new one (the sign-up's rule). */
export const changePasswordBodySchema = z.object({
  current_password: password,
  new_password: newPassword,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** How a session logged in: with the password, or with Google ("via Google"). */
export const loggedInViaSchema = z.enum(["password", "google"]);

/** One login still live, as its account sees it. */
export const sessionSchema = z.object({
  id: z.uuid(),
  /**
   * A short name for the device it logged in from, read from its User-Agent ("Android 12 ·
   * TECNO KG5", "iPhone", "Chrome on Windows"); null when the User-Agent names nothing known.
   */
  device: z.nullable(z.string()),
  via: loggedInViaSchema,
  created_at: z.iso.datetime(),
  /** Its last refresh, or its login when it has not refreshed. */
  last_used_at: z.iso.datetime(),
  /** The session of the access token that asked: exactly one is. */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionSchema>;

/** GET /api/v1/auth/sessions/: the asking session first, then the most recently used. */
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;
