import * as z from "zod/mini";
import { emailBody, personName, ruled, text } from "./api.ts";
import { linkToken } from "./api-bodies.ts";
import { dataRightsMessages, deleteConfirmation, guardianRelationships } from "./data-rights.ts";
import { signupMessages } from "./signup.ts";
import { betweenSpaces, textRule } from "./text.ts";

/**
 * The bodies the data-rights operations take, apart from data-rights.ts's pages and sentences:
 * the site's pages import those, and with `sideEffects: false` a page's bundle then carries none
 * of these schemas, which are built when their module loads.
 */

export const correctNameBodySchema = z.object({
  first_name: personName("First name", signupMessages.first_name),
  last_name: personName("Last name", signupMessages.last_name),
});
export type CorrectNameBody = z.infer<typeof correctNameBodySchema>;

/** The word as sent, in any case, with any spaces around it. */
const deleteRule = textRule({
  description: `"${deleteConfirmation}", in any case: the person's confirmation that the account and its data go.`,
  pattern: betweenSpaces([...deleteConfirmation].map((c) => `[${c}${c.toLowerCase()}]`).join("")),
});

export const deleteBodySchema = z.object({
  confirm: ruled(
    text("Confirmation", dataRightsMessages.deleteConfirm).check(
      z.refine(deleteRule.keeps, dataRightsMessages.deleteConfirm),
    ),
    deleteRule,
  ),
});
export type DeleteBody = z.infer<typeof deleteBodySchema>;

export const guardianRequestBodySchema = z.object({ guardian_email: emailBody });
export type GuardianRequestBody = z.infer<typeof guardianRequestBodySchema>;

export const guardianAnswerBodySchema = z.discriminatedUnion("decision", [
  z.object({
    token: linkToken,
    decision: z.literal("grant"),
    guardian_name: personName("Your name", dataRightsMessages.guardianNameRequired),
    relationship: z.enum(guardianRelationships, {
      error: dataRightsMessages.guardianRelationshipRequired,
    }),
  }),
  z.object({ token: linkToken, decision: z.literal("refuse") }),
]);
export type GuardianAnswerBody = z.infer<typeof guardianAnswerBodySchema>;

/** POST .../your-data/open/: the access that manages the data, for as long as it says. */
export const dataAccessSchema = z.object({ access: z.string(), expires_in: z.number() });
export type DataAccess = z.infer<typeof dataAccessSchema>;
