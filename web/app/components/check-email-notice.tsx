import { checkEmail } from "@ysp/content/join";
import { accountPages } from "@ysp/contract";
import { maskEmail } from "@ysp/contract/email";
import { apiBaseUrl } from "~/lib/api-base.ts";
import { checkEmailKey, readCheckEmailNote } from "~/lib/check-email-note.ts";
import { checkEmailNoticeIds } from "~/lib/home-page-parts.ts";
import { CorrectEmailFields } from "./correct-email-fields.tsx";
import { Icon } from "./icons.tsx";
import { InlineScript, immediately } from "./inline-scripts.tsx";

/**
 * Shows the notice when this tab has just signed up (check-email-note.ts), saying where the link
 * went. Run as soon as the notice is parsed, before anything below it is: shown then, it moves
 * nothing the student has seen (the bench's CLS budget), though it sits in the page's flow.
 * Self-contained and ES2015 (see inline-scripts.tsx): every argument is sent as its source.
 */
export function showCheckEmailNotice(
  readEmail: typeof readCheckEmailNote,
  key: string,
  mask: typeof maskEmail,
  noticeId: string,
  sentToId: string,
) {
  const email = readEmail(key);
  const notice = document.getElementById(noticeId);
  if (!email || !notice) return;
  const sentTo = document.getElementById(sentToId) as HTMLElement;
  sentTo.textContent = (sentTo.getAttribute("data-sentence") || "").replace("{}", mask(email));
  (notice.querySelector("input[name=email]") as HTMLInputElement).value = email;
  notice.hidden = false;
}

/**
 * The line naming the address, with `{}` where the masked address goes: written into the page
 * for both of home's scripts, which fill it after a sign-up and after a correction.
 */
const sentence = checkEmail.sentTo("{}");

/** Rendered into the prerendered HTML only, as inline-scripts.tsx's are. */
const script = import.meta.env.SSR
  ? immediately(
      showCheckEmailNotice,
      readCheckEmailNote,
      checkEmailKey,
      maskEmail,
      checkEmailNoticeIds.notice,
      checkEmailNoticeIds.sentTo,
    )
  : "";

/**
 * Home after a sign-up: where the link to confirm the address went, a way to get another, and a
 * way to put a mistyped address right. At the top of the page, in its flow: it covers nothing,
 * so nothing the keyboard reaches is ever behind it (WCAG 2.4.11), and it scrolls away with the
 * page. Built hidden; the script after it shows it. Its forms post to the server without a
 * script, which answers with a page; the page's script (scripts/home-page.ts) sends them and
 * answers here instead, and closes the notice by its button or by Esc.
 */
export function CheckEmailNotice() {
  return (
    <>
      <section
        id={checkEmailNoticeIds.notice}
        className="check-email"
        aria-labelledby={checkEmailNoticeIds.heading}
        hidden
      >
        <div className="container check-email-inner">
          <h2 id={checkEmailNoticeIds.heading}>{checkEmail.heading}</h2>
          <p id={checkEmailNoticeIds.sentTo} data-sentence={sentence} />
          <form method="post" action={`${apiBaseUrl}/api/v1/auth/verify-email/resend/`}>
            <input type="hidden" name="email" />
            <button type="submit" className="button button-primary">
              {checkEmail.resend}
            </button>
          </form>
          <details className="check-email-correct">
            <summary>
              {checkEmail.wrongAddress} {checkEmail.changeIt}
            </summary>
            <form method="post" action={accountPages.correctEmail}>
              <CorrectEmailFields idPrefix="notice" typoHint />
            </form>
          </details>
          <p
            role="status"
            className="check-email-answer"
            data-resending={checkEmail.resending}
            data-correcting={checkEmail.correct.sending}
          />
          <button type="button" className="icon-button check-email-close">
            <Icon name="close" />
            <span className="visually-hidden">{checkEmail.close}</span>
          </button>
        </div>
      </section>
      <InlineScript text={script} />
    </>
  );
}
