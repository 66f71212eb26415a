import { signupMessages } from "@ysp/contract";
import { FormField } from "~/components/account-page.tsx";

/**
 * A person's first and last name, as the sign-up asks for them and the names rule checks them:
 * `defaultValue` "" where the server writes the account's names in.
 */
export function NameFields({
  labels,
  defaultValue,
}: {
  labels: { firstName: string; lastName: string };
  defaultValue?: string;
}) {
  return (
    <>
      <FormField
        id="first-name"
        name="first_name"
        label={labels.firstName}
        type="text"
        autoComplete="given-name"
        required={signupMessages.first_name}
        defaultValue={defaultValue}
      />
      <FormField
        id="last-name"
        name="last_name"
        label={labels.lastName}
        type="text"
        autoComplete="family-name"
        required={signupMessages.last_name}
        defaultValue={defaultValue}
      />
    </>
  );
}
