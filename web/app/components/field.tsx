import type { InputHTMLAttributes, ReactNode } from "react";

export type FieldProps = {
  label: string;
  /** The input's own attributes; its id names the label's target and the messages' ids. */
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; name: string };
  /** A line that always describes the input. */
  hint?: string;
  /** The current problem, if any: the input is then marked invalid and described by it. */
  error?: string | null;
  /** Shown beside the input, in a row of the class given (the show-password button). */
  beside?: { className: string; children: ReactNode };
  /** Shown after the messages, for what the input is not described by. */
  after?: ReactNode;
};

/**
 * A label, its input and the lines that describe it, wired once: the input is found by its
 * label, marked invalid while it has a message, and a screen reader reads the hint and the
 * message with it. The input stays uncontrolled unless its props say otherwise, so a real form
 * posts it before the page's script has loaded. The message's line is there, empty and hidden,
 * while there is none: the account pages' script and the server's refusal (form-again.ts) write
 * the message into it, under its field.
 */
export function Field({ label, inputProps, hint, error, beside, after }: FieldProps) {
  const hintId = hint ? `${inputProps.id}-hint` : undefined;
  const errorId = `${inputProps.id}-error`;
  // A note of the page's own in `after` may describe the input too, and mark it invalid.
  const describedBy = [hintId, error ? errorId : undefined, inputProps["aria-describedby"]]
    .filter(Boolean)
    .join(" ");
  const input = (
    <input
      {...inputProps}
      aria-invalid={error ? true : inputProps["aria-invalid"]}
      aria-describedby={describedBy || undefined}
    />
  );
  return (
    <div className="field">
      <label htmlFor={inputProps.id}>{label}</label>
      {beside ? (
        <div className={beside.className}>
          {input}
          {beside.children}
        </div>
      ) : (
        input
      )}
      {hintId && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      <p id={errorId} className="field-error" hidden={!error}>
        {error}
      </p>
      {after}
    </div>
  );
}
