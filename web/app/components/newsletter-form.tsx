// This form is on every page and zod stays with sign-up: code comes from the contract's
// zod-free entry, and from the whole contract only a type, which leaves nothing in the bundle.

import { newsletterForm } from "@ysp/content/newsletter";
import { emailProblem } from "@ysp/contract/email";
import { formAction } from "@ysp/contract/form-actions";
import { type FormEvent, useId, useState } from "react";
import { useLocation } from "react-router";
import { api } from "~/lib/api.ts";
import { prepareToasts, showToast } from "~/lib/toasts.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";

/**
 * Hydrated, it checks the address with the API's own rule and answers with a toast; on pages
 * without JavaScript the browser checks it and the server answers with a page.
 * The field is left to the browser, so what was typed before the page's
 * script arrived is still there once React takes over.
 * Its one field is written out rather than a Field (field.tsx): that would move Field into the
 * chunk every hydrated page loads, 400 bytes more on the home page for no change on screen.
 */
export function NewsletterForm() {
  const id = useId();
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get("email") ?? "");
    setSubmitted(true);
    const problem = emailProblem(email);
    setError(problem);
    if (problem || pending) return;
    setPending(true);
    prepareToasts();
    const result = await api.post("/api/v1/newsletter/", {
      email: email.trim(),
      source: window.location.pathname,
    });
    setPending(false);
    if (result.ok) {
      void showToast("success", result.data.message);
      form.reset();
      setSubmitted(false);
    } else if (!result.sessionExpired) {
      void showToast("error", result.message);
    }
  }

  return (
    <form
      className="newsletter"
      noValidate={hydrated}
      onSubmit={onSubmit}
      action={formAction("newsletter")}
      method="post"
    >
      <input type="hidden" name="source" value={pathname.replace(/(.)\/+$/, "$1")} />
      <label htmlFor={`${id}-email`}>{newsletterForm.label}</label>
      <div className="newsletter-row">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={newsletterForm.placeholder}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            if (submitted) setError(emailProblem(event.target.value));
          }}
        />
        <button
          type="submit"
          className="button button-accent"
          aria-busy={pending}
          disabled={pending}
        >
          {newsletterForm.submit}
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </form>
  );
}
