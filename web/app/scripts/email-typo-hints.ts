/*
 * "Did you mean …?" under the email fields of the pages without framework JavaScript
 * (components/email-typo-hint.tsx): a file the page fetches when one of those fields is first
 * focused, so it costs no page its load (docs/decisions/032). A field already left by the time
 * it arrives gets its hint at once. Its words are the line's own (data-sentence).
 */
import { emailDomains, suggestFromLists } from "~/lib/email-typos.ts";

/**
 * Fills the line after the field once it is left; a tap puts the address in. After a tap the
 * field gets an input event, so the form's own check (account-form-scripts.tsx,
 * newsletter-form.tsx) sees the new address, and the focus goes back to it.
 */
function offerHint(line: HTMLElement, input: HTMLInputElement) {
  let shown: string | undefined;
  const show = (address: string | undefined) => {
    // The same hint is left as it is: a tap on it blurs the field first, and a new button in
    // its place would lose the tap.
    if (address === shown) return;
    shown = address;
    line.textContent = "";
    if (!address) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "typo-hint-button";
    button.textContent = (line.dataset.sentence ?? "").replace("{}", address);
    button.addEventListener("click", () => {
      input.value = address;
      show(undefined);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.focus();
    });
    line.appendChild(button);
  };
  const suggest = () => show(suggestFromLists(input.value, emailDomains));
  input.addEventListener("input", () => show(undefined));
  input.addEventListener("blur", suggest);
  if (document.activeElement !== input) suggest();
}

for (const line of document.querySelectorAll<HTMLElement>("[data-typo-hint]")) {
  const input = document.getElementById(line.dataset.typoHint ?? "");
  if (input instanceof HTMLInputElement) offerHint(line, input);
}
