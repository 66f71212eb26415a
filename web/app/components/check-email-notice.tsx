import { checkEmail } from "~/content/join.ts";
import { apiBaseUrl } from "~/lib/api-base.ts";
import { checkEmailNoticeIds } from "~/lib/home-page-parts.ts";
import { Icon } from "./icons.tsx";

/**
 * Home after a sign-up: where the link to confirm the address went, and a way to get another.
 * Built hidden; the page's inline script shows it the moment the page is painted when this tab
 * signed up (check-email-note.ts). Fixed at the bottom of the screen, not in the page's flow, so
 * its arrival pushes nothing down (the bench's CLS budget). "Didn't get it?" is a form: before
 * the page's script file has arrived the browser posts it and the server answers with a page;
 * after, the script sends it and says the answer here.
 */
export function CheckEmailNotice() {
  return (
    <aside
      id={checkEmailNoticeIds.notice}
      className="check-email"
      aria-labelledby={checkEmailNoticeIds.heading}
      hidden
    >
      <h2 id={checkEmailNoticeIds.heading}>{checkEmail.heading}</h2>
      <p id={checkEmailNoticeIds.sentTo} />
      <form method="post" action={`${apiBaseUrl}/api/v1/auth/verify-email/resend/`}>
        <input type="hidden" name="email" />
        <button type="submit" className="button button-primary">
          {checkEmail.resend}
        </button>
      </form>
      <p role="status" className="check-email-answer" data-pending={checkEmail.resending} />
      <button type="button" className="icon-button check-email-close">
        <Icon name="close" />
        <span className="visually-hidden">{checkEmail.close}</span>
      </button>
    </aside>
  );
}
