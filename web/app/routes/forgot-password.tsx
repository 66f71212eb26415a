import { accountPageWords } from "@ysp/content/account";
import { accountPages, formAction } from "@ysp/contract";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage, FormField } from "~/components/account-page.tsx";
import { EmailTypoHintScript } from "~/components/email-typo-hint.tsx";
import { StoreLink } from "~/components/store-link.tsx";
import { pageMeta } from "~/lib/seo.ts";

const words = accountPageWords.forgotPassword;

export function meta() {
  return pageMeta({ ...words.meta, path: accountPages.forgotPassword, noindex: true });
}

/**
 * Asks for a link to choose a new password; the app's "Forgot password?" opens this page. A plain
 * form post to this page, answered by the server with a page that reads the same for any address.
 */
export default function ForgotPassword() {
  return (
    <AccountPage title={words.title} text={words.text}>
      <form method="post" action={formAction("password-link")} data-check>
        <FormField id="forgot-email" label={accountPageWords.email} type="email" typoHint />
        <button type="submit" className="button button-primary button-large join-submit">
          {words.submit}
        </button>
      </form>
      <AccountFormsScript />
      <EmailTypoHintScript />
      <p className="fine-print">
        {words.remembered} <StoreLink>{words.logIn}</StoreLink>
      </p>
    </AccountPage>
  );
}
