import type { ReactNode } from "react";
import { ChatButton } from "./chat-button.tsx";
import { EmailTypoHintLine } from "./email-typo-hint.tsx";
import { Field } from "./field.tsx";
import { Icon } from "./icons.tsx";
import { WithLink, WithoutLink } from "./link-parts.tsx";
import { Logo } from "./logo.tsx";

/** The card the sign-up page uses, for the pages about an account: logo, heading, a line, the rest. */
export function AccountPage({
  title,
  text,
  children,
  chat = true,
}: {
  title: string;
  text: ReactNode;
  children: ReactNode;
  /** The chat with the team: a student's way to us, which the staff area's pages go without. */
  chat?: boolean;
}) {
  return (
    <>
      <main id="main" className="join">
        <div className="join-card">
          <Logo />
          <h1>{title}</h1>
          <p className="muted">{text}</p>
          {children}
        </div>
      </main>
      {chat && <ChatButton />}
    </>
  );
}

type FormFieldProps = {
  id: string;
  label: string;
  hint?: string;
  type: "email" | "password" | "text";
  /** The field's name in the post: its type unless said. */
  name?: string;
  /** A text field's message when left empty, shown by the script as the others' are. */
  required?: string;
  /**
   * A text field's autocomplete; a password's is "new-password" unless "current-password"; an
   * address's is "email", the person's own, unless said ("off" for someone else's).
   */
  autoComplete?: string;
  /** The eye button's words, for a password; it appears once the script has run. */
  showPassword?: string;
  /** A value written into the page as built (`value=""`), which the server may fill in. */
  defaultValue?: string;
  /** For an address: a line for "Did you mean …?", which the page's EmailTypoHintScript fills. */
  typoHint?: boolean;
};

/**
 * A field of an account page's form, with Field's empty message line, which the page's script
 * fills (account-form-scripts.tsx); without the script the browser checks the input's attributes.
 */
export function FormField({
  id,
  label,
  hint,
  type,
  name = type,
  required,
  autoComplete,
  showPassword,
  defaultValue,
  typoHint,
}: FormFieldProps) {
  const kinds = {
    email: { autoComplete: autoComplete ?? "email", inputMode: "email" },
    // A password to check is typed as it was chosen: only a new one is held to the 8 characters.
    password: {
      autoComplete: autoComplete ?? "new-password",
      minLength: autoComplete === "current-password" ? undefined : 8,
      autoCapitalize: "none",
      autoCorrect: "off",
      spellCheck: false,
    },
    text: { autoComplete, "data-required": required },
  } as const;
  return (
    <Field
      label={label}
      hint={hint}
      inputProps={{ id, name, type, required: true, defaultValue, ...kinds[type] }}
      beside={
        showPassword
          ? {
              className: "password-row",
              children: <ShowPasswordButton input={id} label={showPassword} />,
            }
          : undefined
      }
      after={typoHint && <EmailTypoHintLine input={id} />}
    />
  );
}

/**
 * The eye button beside a password, hidden as built: the page's script (account-form-scripts.tsx)
 * shows it, and on a press switches the input's type and which of the two eyes shows.
 */
function ShowPasswordButton({ input, label }: { input: string; label: string }) {
  return (
    <button
      type="button"
      className="icon-button password-toggle"
      aria-pressed="false"
      aria-controls={input}
      data-show-password
      hidden
    >
      <span data-eye>
        <Icon name="eye" />
      </span>
      <span data-eye hidden>
        <Icon name="eyeStruck" />
      </span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}

/**
 * A page a mailed link opens whose whole work is one tap: its form has no action, so it posts to
 * the page's own address, token included, with no script. A tap, not the opening: mail scanners
 * open links too.
 */
export function OneTapPage({
  words,
  withoutLink,
  children,
}: {
  words: { title: string; text: string; submit: string };
  /** What the page says opened without its link. */
  withoutLink: string;
  /** Shown only without the link: where to get one, say. */
  children?: ReactNode;
}) {
  return (
    <AccountPage
      title={words.title}
      text={
        <>
          <WithoutLink inline>{withoutLink}</WithoutLink>
          <WithLink inline>{words.text}</WithLink>
        </>
      }
    >
      {children && <WithoutLink>{children}</WithoutLink>}
      <WithLink>
        <form method="post">
          <button type="submit" className="button button-primary button-large join-submit">
            {words.submit}
          </button>
        </form>
      </WithLink>
    </AccountPage>
  );
}

/** A part of an account page under its own heading, the line that explains it, and its form. */
export function AccountSection({
  id,
  title,
  text,
  hidden,
  children,
}: {
  /** The section's id (a link may lead to it); its heading's is `${id}-title`. */
  id: string;
  title: string;
  text?: string;
  /** Hidden as built, for the server to show (page-slots.ts `show`) where it applies. */
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="account-section" hidden={hidden}>
      <h2 id={`${id}-title`}>{title}</h2>
      {text && <p className="muted">{text}</p>}
      {children}
    </section>
  );
}
