import { signupFollowUp } from "@ysp/contract";
import { maskEmail } from "@ysp/contract/email";
import { checkEmail } from "~/content/join.ts";
import { checkEmailKey, readCheckEmailNote } from "~/lib/check-email-note.ts";
import { checkEmailNoticeIds } from "~/lib/home-page-parts.ts";
import { showPageToast, toastTimings } from "~/lib/page-toasts.ts";
import { signedUpNote, signedUpToasts, takeNote } from "~/lib/signed-up-note.ts";
import { InlineScript, immediately } from "./inline-scripts.tsx";

/**
 * Home reached after a sign-up (a full page load from /join): its two toasts (docs/spec.md §8)
 * and the notice saying where the link went, shown by this inline script as the page is parsed,
 * before any file arrives. Focus goes to the heading, as it went after the move React made
 * before home stopped shipping a framework. Each argument is a function or value of its own
 * module, sent as its source (inline-scripts.tsx); the script may use nothing else.
 */
export function greetNewStudent(
  take: typeof takeNote,
  note: typeof signedUpNote,
  toasts: typeof signedUpToasts,
  followUp: string,
  showToast: typeof showPageToast,
  timings: typeof toastTimings,
  readEmail: typeof readCheckEmailNote,
  emailKey: string,
  mask: typeof maskEmail,
  sentTo: (masked: string) => string,
  ids: typeof checkEmailNoticeIds,
) {
  const message = take(note.key, note.freshForMs);
  if (message) {
    for (const text of toasts(message, followUp)) showToast("success", text, timings);
    const heading = document.querySelector<HTMLElement>("main h1");
    if (heading) {
      heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
  }
  const email = readEmail(emailKey);
  const notice = document.getElementById(ids.notice);
  if (!email || !notice) return;
  (document.getElementById(ids.sentTo) as HTMLElement).textContent = sentTo(mask(email));
  (notice.querySelector("input[name=email]") as HTMLInputElement).value = email;
  notice.hidden = false;
}

/** Rendered into the prerendered HTML only, as inline-scripts.tsx's are. */
const script = import.meta.env.SSR
  ? immediately(
      greetNewStudent,
      takeNote,
      signedUpNote,
      signedUpToasts,
      signupFollowUp,
      showPageToast,
      toastTimings,
      readCheckEmailNote,
      checkEmailKey,
      maskEmail,
      checkEmail.sentTo,
      checkEmailNoticeIds,
    )
  : "";

/**
 * Where toasts go on a page without framework JavaScript, the live region that reads them out
 * (there from the first HTML, see page-toasts.ts), and the script that shows a sign-up's. After
 * the check-email notice and the page's heading, which it fills and focuses.
 */
export function SignedUpGreeting() {
  return (
    <>
      <div
        className="visually-hidden"
        aria-live="polite"
        aria-relevant="additions"
        id="announcements"
      />
      <div id="page-toasts" className="page-toasts" />
      <InlineScript text={script} />
    </>
  );
}
