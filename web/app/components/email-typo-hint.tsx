import { common } from "@ysp/content/common";
import emailTypoHintsUrl from "~/scripts/email-typo-hints.ts?script-file";
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

/**
 * The same line on a page without framework JavaScript, which EmailTypoHintScript fills. It
 * carries its sentence, "{}" for the address, so the script takes no words from content/.
 */
export function EmailTypoHintLine({ input }: { input: string }) {
  return (
    <div
      className="typo-hint"
      aria-live="polite"
      data-typo-hint={input}
      data-sentence={common.didYouMean("{}")}
    />
  );
}

/**
 * Fetches the hints' script (scripts/email-typo-hints.ts) when an email field is first focused,
 * as inline-scripts.tsx's are sent. The hint is needed only once an address has been typed and
 * left; carried inline it cost every page with one 2.1 KB, more than home has left
 * (docs/decisions/032). Any email field will do: one without a line gets no hint.
 */
export function loadEmailTypoHints(url: string) {
  const load = (event: Event) => {
    if ((event.target as HTMLInputElement).type !== "email") return;
    document.removeEventListener("focusin", load);
    const script = document.createElement("script");
    script.src = url;
    document.head.appendChild(script);
  };
  document.addEventListener("focusin", load);
}

/** Rendered into the prerendered HTML only, as inline-scripts.tsx's are. */
const script = import.meta.env.SSR ? immediately(loadEmailTypoHints, emailTypoHintsUrl) : "";

/** Anywhere on a page with an EmailTypoHintLine, once. */
export function EmailTypoHintScript() {
  return <InlineScript text={script} />;
}
