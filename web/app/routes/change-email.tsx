import { emailChangeWords } from "@ysp/content/email-change";
import { accountPages, emailChangePages, formAction } from "@ysp/contract";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage, FormField } from "~/components/account-page.tsx";
import { EmailTypoHintScript } from "~/components/email-typo-hint.tsx";
import { pageMeta } from "~/lib/seo.ts";

const words = emailChangeWords.changeEmail;

export function meta() {
  return pageMeta({ ...words.meta, path: emailChangePages.changeEmail, noindex: true });
}

/**
 * Changes the address an account logs in with, for someone without the app at hand: the current
 * address and password prove the account (as a login does), and a link goes to the new address.
 * A plain form post; the server answers with a page.
 */
export default function ChangeEmail() {
  return (
    <AccountPage title={words.title} text={words.text}>
      <form method="post" action={formAction("change-email")} data-check>
        <FormField id="change-current-email" label={words.current} type="email" name="email" />
        <FormField
          id="change-password"
          label={words.password}
          type="password"
          autoComplete="current-password"
        />
        <FormField
          id="change-new-email"
          label={words.newEmail}
          type="email"
          name="new_email"
          typoHint
        />
        <button type="submit" className="button button-primary button-large join-submit">
          {words.submit}
        </button>
      </form>
      <AccountFormsScript />
      <EmailTypoHintScript />
      <p className="fine-print">
        {words.forgot} <a href={accountPages.forgotPassword}>{words.reset}</a>
      </p>
    </AccountPage>
  );
}
