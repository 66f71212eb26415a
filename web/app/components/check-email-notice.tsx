import { maskEmail } from "@ysp/contract/email";
import { useEffect, useId, useState } from "react";
import { checkEmail } from "~/content/join.ts";
import { api } from "~/lib/api.ts";
import { dismissCheckEmailNote, readCheckEmailNote } from "~/lib/check-email-note.ts";
import { Icon } from "./icons.tsx";

/**
 * Home after a sign-up: where the link to confirm the address went, and a way to get another.
 * Fixed at the bottom of the screen, not in the page's flow: it appears after the page is
 * drawn, and in the flow it would push everything below it down (the bench's CLS budget).
 */
export function CheckEmailNotice() {
  const headingId = useId();
  const [email, setEmail] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => setEmail(readCheckEmailNote()), []);
  if (!email) return null;

  async function resend(address: string) {
    if (pending) return;
    setPending(true);
    setAnswer(null);
    // The same answer for any address (the API's), so it tells nobody whether one has an account.
    const result = await api.post("/api/v1/auth/verify-email/resend/", { email: address });
    setPending(false);
    setAnswer(result.ok ? result.data.message : result.message);
  }

  return (
    <aside className="check-email" aria-labelledby={headingId}>
      <h2 id={headingId}>{checkEmail.heading}</h2>
      <p>{checkEmail.sentTo(maskEmail(email))}</p>
      <button
        type="button"
        className="button button-primary"
        aria-disabled={pending || undefined}
        onClick={() => void resend(email)}
      >
        {checkEmail.resend}
      </button>
      <p role="status" className="check-email-answer">
        {pending ? checkEmail.resending : answer}
      </p>
      <button
        type="button"
        className="icon-button check-email-close"
        onClick={() => {
          dismissCheckEmailNote();
          setEmail(null);
        }}
      >
        <Icon name="close" />
        <span className="visually-hidden">{checkEmail.close}</span>
      </button>
    </aside>
  );
}
