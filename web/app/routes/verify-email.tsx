import { accountPages } from "@ysp/contract";
import { AccountFormsScript, ConfirmTokenScript } from "~/components/account-form-scripts.tsx";
import { AccountPage, FormField } from "~/components/account-page.tsx";
import { accountPageWords } from "~/content/account.ts";
import { pageMeta } from "~/lib/seo.ts";

const words = accountPageWords.verifyEmail;

export function meta() {
  return [
    ...pageMeta({ ...words.meta, path: accountPages.verifyEmail, noindex: true }),
    // The address carries the link's token: no request from here may pass it on.
    { name: "referrer", content: "no-referrer" },
  ];
}

/**
 * The page the link in "Confirm your email" opens. Its form has no action, so the browser posts
 * it to this very address, token and all, with no script; the server answers that post with a
 * redirect to the confirmed page or a page saying what is wrong with the link (linkPageRoutes).
 * Confirming takes a tap, not just opening the link: mail scanners open links too.
 */
export default function VerifyEmail() {
  return (
    <AccountPage title={words.title} text={words.text}>
      <form id="confirm" method="post">
        <button type="submit" className="button button-primary button-large join-submit">
          {words.submit}
        </button>
      </form>
      <ConfirmTokenScript />
      <section id="new-link" aria-labelledby="new-link-title" className="account-section">
        <h2 id="new-link-title">{words.newLink.title}</h2>
        <p className="muted">{words.newLink.text}</p>
        <form method="post" action="/api/v1/auth/verify-email/resend/" data-check>
          <FormField id="resend-email" label={accountPageWords.email} type="email" />
          <button type="submit" className="button button-primary join-submit">
            {words.newLink.submit}
          </button>
        </form>
      </section>
      <AccountFormsScript />
    </AccountPage>
  );
}
