import { common } from "@ysp/content/common";
import { emailDomains, suggestFromLists } from "~/lib/email-typos.ts";
import { InlineScript, immediately } from "./inline-scripts.tsx";

/**
 * "Did you mean ada@gmail.com?" under an email field whose domain looks mistyped, once the field
 * is left; a tap puts the address in. Never a message of the form's own: it blocks nothing and
 * the field keeps its errors. The line is a polite live region there from the start (a region
 * added with its text is not read), empty and so taking no room until a hint arrives; the hint
 * is a button, reached with Shift+Tab from the next field.
 */
export function EmailTypoHint({
  suggestion,
  onAccept,
}: {
  suggestion: string | undefined;
  onAccept: (address: string) => void;
}) {
  return (
    <div className="typo-hint" aria-live="polite">
      {suggestion && (
        <button type="button" className="typo-hint-button" onClick={() => onAccept(suggestion)}>
          {common.didYouMean(suggestion)}
        </button>
      )}
    </div>
  );
}

/** The same line on a page without framework JavaScript, which offerEmailTypoHints fills. */
export function EmailTypoHintLine({ input }: { input: string }) {
  return <div className="typo-hint" aria-live="polite" data-typo-hint={input} />;
}

/**
 * The script of EmailTypoHintLine, sent as inline-scripts.tsx's are: the lists and the
 * suggestion's steps come as arguments. After a tap the field gets an input event, so the
 * form's own check (account-form-scripts.tsx) sees the new address, and the focus goes back to it.
 */
export function offerEmailTypoHints(
  lists: typeof emailDomains,
  didYouMean: (address: string) => string,
  suggest: typeof suggestFromLists,
) {
  for (const line of document.querySelectorAll<HTMLElement>("[data-typo-hint]")) {
    const input = document.getElementById(line.getAttribute("data-typo-hint") || "");
    if (!(input instanceof HTMLInputElement)) continue;
    let shown: string | undefined;
    const show = (address: string | undefined) => {
      // The same hint is left as it is: a tap on it blurs the field first, and a new button
      // in its place would lose the tap.
      if (address === shown) return;
      shown = address;
      line.textContent = "";
      if (!address) return;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "typo-hint-button";
      button.textContent = didYouMean(address);
      button.addEventListener("click", () => {
        input.value = address;
        show(undefined);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.focus();
      });
      line.appendChild(button);
    };
    input.addEventListener("input", () => show(undefined));
    input.addEventListener("blur", () => show(suggest(input.value, lists)));
  }
}

/** Rendered into the prerendered HTML only, as inline-scripts.tsx's are. */
const script = import.meta.env.SSR
  ? immediately(offerEmailTypoHints, emailDomains, common.didYouMean, suggestFromLists)
  : "";

/** After the fields with an EmailTypoHintLine. */
export function EmailTypoHintScript() {
  return <InlineScript text={script} />;
}
