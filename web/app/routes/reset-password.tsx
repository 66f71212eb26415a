import { accountPageWords } from "@ysp/content/account";
import { withoutLinkWords } from "@ysp/content/link-pages";
import { accountPages } from "@ysp/contract";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage, FormField } from "~/components/account-page.tsx";
import { WithLink, WithoutLink } from "~/components/link-parts.tsx";
import { linkPageMeta } from "~/lib/seo.ts";

const words = accountPageWords.resetPassword;

export function meta() {
  return linkPageMeta(words.meta, accountPages.resetPassword);
}

/**
 * The page the link in "Reset your password" opens. As on /verify-email, the form has no action
 * and posts to this address with its token; the server answers with a page.
 */
export default function ResetPassword() {
  return (
    <AccountPage
      title={words.title}
      text={
        <>
          <WithoutLink inline>{withoutLinkWords.resetPassword}</WithoutLink>
          <WithLink inline>{words.text}</WithLink>
        </>
      }
    >
      <WithoutLink>
        <a className="button button-primary button-large" href={accountPages.forgotPassword}>
          {withoutLinkWords.resetPasswordAsk}
        </a>
      </WithoutLink>
      <WithLink>
        <form method="post" data-check>
          <FormField
            id="new-password"
            label={words.label}
            hint={words.hint}
            type="password"
            showPassword={words.showPassword}
          />
          <button type="submit" className="button button-primary button-large join-submit">
            {words.submit}
          </button>
        </form>
        <p className="fine-print">
          {words.expired} <a href={accountPages.forgotPassword}>{words.newLink}</a>
        </p>
      </WithLink>
      <AccountFormsScript />
    </AccountPage>
  );
}
