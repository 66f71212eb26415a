import { dataRightsWords } from "@ysp/content/data-rights";
import { formAction } from "@ysp/contract";
import { FormField } from "./account-page.tsx";

const words = dataRightsWords.manage.guardian;

/**
 * Sends a parent or guardian the request for permission: on the confirmed page and on "Your
 * data", both of which the browser may use for 30 minutes after a link (routes/your-data.ts).
 * The address is someone else's, so the browser is not invited to fill in the student's own
 * (autocomplete "email" means the user's: WCAG 1.3.5), which the server would only refuse; a
 * mistyped domain gets "Did you mean …?" (the page carries EmailTypoHintScript after it).
 */
export function GuardianRequestForm() {
  return (
    <form method="post" action={formAction("parent-request")} data-check>
      <FormField
        id="guardian-email"
        name="guardian_email"
        label={words.label}
        type="email"
        autoComplete="off"
        typoHint
      />
      <button type="submit" className="button button-primary join-submit">
        {words.submit}
      </button>
    </form>
  );
}
