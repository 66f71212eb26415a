/**
 * The forms the site posts with no script, each by name. A form's action is its own page's
 * address naming it (`?form=<name>`, relative, so an invite link's `/join/<code>` keeps its code),
 * and the server answers that post with the operation of the same name (api/src/pages/form-posts.ts).
 * So a refused form comes back as its page, at its page's address, and never at the API's: the
 * record is docs/decisions/031-forms-answer-at-their-page.md. Free of zod: the newsletter's form
 * is on every page.
 */
export const formNames = [
  "sign-up",
  "newsletter",
  "password-link",
  "confirmation-link",
  "data-link",
  "name",
  "stop-marketing",
  "remove-google",
  "delete-account",
  "parent-request",
  "change-email",
] as const;
export type FormName = (typeof formNames)[number];

/** The query parameter that names the form a page posts. */
export const formParameter = "form";

/** A form's action: the page it is on, naming the form. */
export const formAction = (name: FormName) => `?${formParameter}=${name}`;
