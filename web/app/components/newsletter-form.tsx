import { newsletterForm } from "@ysp/content/newsletter";
import { emailMaxCharacters, emailMessages, emailPattern } from "@ysp/contract/email";
import { formAction } from "@ysp/contract/form-actions";
import { useId } from "react";
import { useLocation } from "react-router";
import { EmailTypoHintLine, EmailTypoHintScript } from "./email-typo-hint.tsx";
import { InlineScript, immediately } from "./inline-scripts.tsx";

/**
 * The footer's form, the same on every page that has a footer, none of which hydrates. It is
 * `novalidate`, so the browser's own bubble never speaks: without a script the server answers
 * a refusal with the page again, the address kept and the API's message under the field
 * (api/src/form-again.ts); with one, checkNewsletterForms says the same words before posting.
 * Either way a good address posts and lands on "Check your email". Under the field, "Did you
 * mean …?" (email-typo-hint.tsx). Its one field is written out rather than a Field: the
 * message line and the hint's line are the whole of what it shares with one.
 */
export function NewsletterForm() {
  const id = `${useId()}-email`;
  const { pathname } = useLocation();
  return (
    <>
      <form className="newsletter" noValidate action={formAction("newsletter")} method="post">
        <input type="hidden" name="source" value={pathname.replace(/(.)\/+$/, "$1")} />
        <label htmlFor={id}>{newsletterForm.label}</label>
        <div className="newsletter-row">
          <input
            id={id}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={newsletterForm.placeholder}
            maxLength={emailMaxCharacters}
            required
          />
          <button type="submit" className="button button-accent">
            {newsletterForm.submit}
          </button>
        </div>
        <EmailTypoHintLine input={id} />
        <p id={`${id}-error`} className="field-error" hidden />
      </form>
      <InlineScript text={script} />
      <EmailTypoHintScript />
    </>
  );
}

/**
 * The messages and rule of contract/email.ts, as checkNewsletterForms takes them. Its third
 * message, "at most 254 characters", is the field's `maxlength`: the rule's addresses are ASCII,
 * whose characters the browser counts one each, as the API does.
 */
export type NewsletterCheck = { required: string; invalid: string; pattern: string };

/**
 * The API's own check of the address (emailProblem), before the form posts: its message under
 * the field, read with it, and the focus on it. Once refused, each keystroke checks again. Sent
 * as inline-scripts.tsx's are, ES2015 and self-contained: about 900 bytes on every page with a
 * footer, where the account pages' whole form check (account-form-scripts.tsx) would cost home
 * 2.1 KB it does not have (docs/decisions/032).
 */
export function checkNewsletterForms(check: NewsletterCheck) {
  const shape = new RegExp(check.pattern);
  const problem = (raw: string) => {
    const email = raw.trim();
    if (email === "") return check.required;
    return shape.test(email) ? "" : check.invalid;
  };
  for (const form of document.querySelectorAll<HTMLFormElement>("form.newsletter")) {
    const input = form.querySelector<HTMLInputElement>("input[name=email]");
    const line = input && document.getElementById(`${input.id}-error`);
    if (!input || !line) continue;
    let checked = false;
    const show = () => {
      const message = problem(input.value);
      line.textContent = message;
      line.hidden = message === "";
      if (message === "") {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      } else {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", line.id);
      }
      return message;
    };
    form.addEventListener("submit", (event) => {
      checked = true;
      if (show() === "") return;
      event.preventDefault();
      input.focus();
    });
    input.addEventListener("input", () => {
      if (checked) show();
    });
  }
}

/** Rendered into the prerendered HTML only, as inline-scripts.tsx's are. */
const script = import.meta.env.SSR
  ? immediately(checkNewsletterForms, {
      required: emailMessages.required,
      invalid: emailMessages.invalid,
      pattern: emailPattern,
    })
  : "";
