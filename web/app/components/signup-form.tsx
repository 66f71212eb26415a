import { joinPage } from "@ysp/content/join";
import { joinSlots } from "@ysp/contract/account";
import { formAction } from "@ysp/contract/form-actions";
import { sourceFields } from "@ysp/contract/sign-up-source";
import type { SignupField } from "@ysp/contract/signup";
import { type InputHTMLAttributes, useState } from "react";
import { href } from "react-router";
import { suggestEmail } from "~/lib/suggest-email.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { type InviteCode, useInviteCode } from "~/lib/use-invite-code.ts";
import { useSignupForm } from "~/lib/use-signup-form.ts";
import { EmailTypoHint } from "./email-typo-hint.tsx";
import { Field, type FieldProps } from "./field.tsx";
import { Icon } from "./icons.tsx";

/** The sign-up posted from /join, with no invite code: where "Continue without" sends it. */
const withoutInviteAction = `${href("/join/:id?")}${formAction("sign-up")}`;

/** A sign-up field's props, from its name and its input's own attributes. */
type FieldOf = (name: SignupField, attributes: InputHTMLAttributes<HTMLInputElement>) => FieldProps;

/**
 * The sign-up form of /join and /join/<code>. Posted by the browser itself if Continue is pressed
 * before the script has loaded, to the page's own address (an invite link's included): the server
 * answers with a page, this one again if it refuses, and the browser checks the required fields.
 */
export function SignupForm({
  id,
  linkCode,
}: {
  /** The start of the fields' ids, unique on the page. */
  id: string;
  /** The invite link's code; none on /join. */
  linkCode: string | undefined;
}) {
  const hydrated = useHydrated();
  const invite = useInviteCode(linkCode);
  const signup = useSignupForm(invite);

  /** A sign-up field: its label and message from the content, its input left to the browser. */
  const field: FieldOf = (name, attributes) => ({
    label: joinPage.labels[name],
    error: signup.messageOf(name),
    inputProps: {
      id: `${id}-${name}`,
      name,
      onChange: () => signup.changed(name),
      ...attributes,
    },
  });

  return (
    <form
      ref={signup.form}
      method="post"
      action={formAction("sign-up")}
      noValidate={hydrated}
      onSubmit={signup.onSubmit}
      aria-busy={signup.pending}
    >
      <input type="hidden" name="user_type" value="STUDENT" />
      {/* Where the student came from: the server writes the values it read from this page's
          request (api/src/routes/join-page.ts). No value here, so hydration leaves them be. */}
      {sourceFields.map((name) => (
        <input key={name} type="hidden" name={name} />
      ))}
      <NameFields field={field} />
      <EmailField field={field} typeInto={signup.typeInto} />
      <PasswordField field={field} />
      <InviteField id={`${id}-invite`} invite={invite} />
      {/* Not disabled while pending: a disabled button would drop the keyboard focus. */}
      <button
        type="submit"
        className="button button-primary button-large join-submit"
        aria-disabled={signup.pending || undefined}
      >
        {signup.pending && <span className="spinner" aria-hidden="true" />}
        {joinPage.submit}
      </button>
      {/* The sign-up with no invite code, what was typed going with it; shown with the note
          (join-page.ts). After Continue, so Continue stays the button Enter presses. With
          no script its post sends referral_code twice, the field's then this empty one:
          the server reads the last. */}
      <button
        id={joinSlots.inviteWithout}
        ref={invite.withoutButton}
        type="submit"
        className="button button-secondary join-submit invite-without"
        formAction={withoutInviteAction}
        name="referral_code"
        value=""
        hidden={!invite.refused}
      >
        {joinPage.invite.continueWithout}
      </button>
      <p className="visually-hidden" role="status">
        {signup.pending ? joinPage.pending : ""}
      </p>
    </form>
  );
}

/** First and last name, side by side. */
function NameFields({ field }: { field: FieldOf }) {
  return (
    <div className="field-row">
      <Field
        {...field("first_name", {
          type: "text",
          autoComplete: "given-name",
          autoCapitalize: "words",
          required: true,
        })}
      />
      <Field
        {...field("last_name", {
          type: "text",
          autoComplete: "family-name",
          autoCapitalize: "words",
          required: true,
        })}
      />
    </div>
  );
}

/**
 * The address, with "Did you mean …?" under it once it is left, until it is changed
 * (email-typo-hint.tsx).
 */
function EmailField({
  field,
  typeInto,
}: {
  field: FieldOf;
  typeInto: (name: SignupField, value: string) => void;
}) {
  const [suggestion, setSuggestion] = useState<string>();
  /** The hint was tapped: its address goes in the field, as if typed there. */
  const accept = (address: string) => {
    setSuggestion(undefined);
    typeInto("email", address);
  };
  return (
    <Field
      {...field("email", {
        type: "email",
        autoComplete: "email",
        inputMode: "email",
        required: true,
        onInput: () => setSuggestion(undefined),
        onBlur: (event) => setSuggestion(suggestEmail(event.currentTarget.value)),
      })}
      after={<EmailTypoHint suggestion={suggestion} onAccept={accept} />}
    />
  );
}

/** The new password, its rule under it, and the eye button that shows it as text. */
function PasswordField({ field }: { field: FieldOf }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const props = field("password", {
    type: shown ? "text" : "password",
    autoComplete: "new-password",
    // Shown as text, the phone's keyboard must not capitalise or correct the password.
    autoCapitalize: "none",
    autoCorrect: "off",
    spellCheck: false,
    required: true,
  });
  return (
    <Field
      {...props}
      hint={joinPage.passwordHint}
      beside={{
        className: "password-row",
        children: (
          <button
            type="button"
            className="icon-button password-toggle"
            // It works only with the script: hidden until then, as the account pages' is.
            hidden={!hydrated}
            aria-pressed={shown}
            aria-controls={props.inputProps.id}
            onClick={() => setShown((wasShown) => !wasShown)}
          >
            <Icon name={shown ? "eyeStruck" : "eye"} />
            <span className="visually-hidden">{joinPage.showPassword}</span>
          </button>
        ),
      }}
    />
  );
}

/** The invite link's code, read-only, and the note shown when the server does not know it. */
function InviteField({ id, invite }: { id: string; invite: InviteCode }) {
  return (
    <Field
      label={joinPage.invite.label}
      inputProps={{
        id,
        name: "referral_code",
        value: invite.code,
        readOnly: true,
        placeholder: joinPage.invite.placeholder,
        "aria-invalid": invite.refused || undefined,
        "aria-describedby": invite.refused ? joinSlots.inviteUnknown : undefined,
      }}
      hint={joinPage.invite.hint}
      after={
        // The server shows it by its id (join-page.ts), which must come first.
        <p
          id={joinSlots.inviteUnknown}
          ref={invite.note}
          className="field-error"
          hidden={!invite.refused}
        >
          {joinPage.invite.unknown}
        </p>
      }
    />
  );
}
