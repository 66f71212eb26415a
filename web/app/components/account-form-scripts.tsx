import { apiMessages, emailMessages, signupMessages } from "@ysp/contract";
import { InlineScript, immediately } from "./inline-scripts.tsx";

/**
 * The scripts of the account pages (verify-email, forgot-password, reset-password), which ship
 * no framework JavaScript: written and sent as inline-scripts.tsx's are, ES2015 and
 * self-contained. Only those pages import this module.
 */

/** The messages the account pages' forms show, as checkAccountForms takes them. */
export type FormMessages = {
  emailRequired: string;
  emailInvalid: string;
  passwordRequired: string;
  passwordShort: string;
};

/**
 * The account pages' forms (form[data-check]) work with no script, the browser checking what
 * their attributes say. With it, each field gets the site's own message, shown under it as the
 * sign-up page shows it, read with the field, and focused; a password's eye shows it. A text
 * field or a choice says its own message for "empty" in data-required.
 */
export function checkAccountForms(messages: FormMessages) {
  const problem = (input: HTMLInputElement | HTMLSelectElement) => {
    const required = input.getAttribute("data-required");
    if (required && input.value.trim() === "") return required;
    if (!(input instanceof HTMLInputElement)) return "";
    if (input.type === "email" || input.name === "email") {
      if (input.value.trim() === "") return messages.emailRequired;
      if (input.validity.typeMismatch) return messages.emailInvalid;
    }
    if (input.name === "password") {
      if (input.value === "") return messages.passwordRequired;
      // A password to check is sent as typed: only a new one is held to the 8 characters.
      if ([...input.value].length < 8 && input.autocomplete !== "current-password")
        return messages.passwordShort;
    }
    return "";
  };
  const show = (input: HTMLInputElement | HTMLSelectElement, message: string) => {
    const error = document.getElementById(`${input.id}-error`);
    if (!error) return;
    error.textContent = message;
    error.hidden = message === "";
    const described = (input.getAttribute("aria-describedby") || "")
      .split(" ")
      .filter((id) => id !== "" && id !== error.id);
    if (message !== "") described.push(error.id);
    if (described.length > 0) input.setAttribute("aria-describedby", described.join(" "));
    else input.removeAttribute("aria-describedby");
    if (message !== "") input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  };
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-check]")) {
    form.noValidate = true;
    const inputs = [
      ...form.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input[id], select[id]"),
    ];
    let checked = false;
    form.addEventListener("submit", (event) => {
      checked = true;
      let first: HTMLInputElement | HTMLSelectElement | null = null;
      for (const input of inputs) {
        const message = problem(input);
        show(input, message);
        if (message !== "" && !first) first = input;
      }
      if (first) {
        event.preventDefault();
        first.focus();
      }
    });
    for (const input of inputs)
      input.addEventListener("input", () => {
        if (checked) show(input, problem(input));
      });
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-show-password]")) {
    const input = document.getElementById(button.getAttribute("aria-controls") || "");
    if (!(input instanceof HTMLInputElement)) continue;
    const eyes = button.querySelectorAll<HTMLElement>("[data-eye]");
    button.hidden = false;
    button.addEventListener("click", () => {
      const shown = input.type === "password";
      input.type = shown ? "text" : "password";
      button.setAttribute("aria-pressed", String(shown));
      for (const eye of eyes) eye.hidden = !eye.hidden;
    });
  }
}

/** Rendered into the prerendered HTML only, as inline-scripts.tsx's are. */
const scripts = import.meta.env.SSR
  ? {
      accountForms: immediately(checkAccountForms, {
        emailRequired: emailMessages.required,
        emailInvalid: emailMessages.invalid,
        passwordRequired: signupMessages.password,
        passwordShort: apiMessages.passwordShort,
      }),
    }
  : { accountForms: "" };

/** After the account pages' forms: their messages and the password's eye. */
export function AccountFormsScript() {
  return <InlineScript text={scripts.accountForms} />;
}
