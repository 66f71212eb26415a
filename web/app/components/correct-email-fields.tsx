import { checkEmail } from "@ysp/content/join";
import { FormField } from "./account-page.tsx";

const words = checkEmail.correct;

/**
 * The fields of a correction of the sign-up's address, and its button: in home's notice and on
 * /correct-email, each field under the name the API reads. `typoHint`: a line for "Did you
 * mean …?", which a page carrying EmailTypoHintScript fills (home's footer carries it).
 */
export function CorrectEmailFields({
  idPrefix,
  typoHint,
}: {
  idPrefix: string;
  typoHint?: boolean;
}) {
  return (
    <>
      <FormField
        id={`${idPrefix}-new-email`}
        label={words.newEmail}
        type="email"
        name="new_email"
        typoHint={typoHint}
      />
      <FormField
        id={`${idPrefix}-password`}
        label={words.password}
        type="password"
        autoComplete="current-password"
      />
      <button type="submit" className="button button-primary join-submit">
        {words.submit}
      </button>
    </>
  );
}
