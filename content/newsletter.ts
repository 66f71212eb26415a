/** The newsletter sign-up in the footer. Its error messages are the API's, in @ysp/contract/email. */
export type NewsletterFormCopy = { label: string; placeholder: string; submit: string };

export const newsletterForm: NewsletterFormCopy = {
  label: "Get study tips and exam news by email",
  placeholder: "you@example.com",
  submit: "Subscribe",
};
