import { accountPageWords } from "@ysp/content/account";
import { withoutLinkWords } from "@ysp/content/link-pages";
import { accountPages, formAction } from "@ysp/contract";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage, AccountSection, FormField } from "~/components/account-page.tsx";
import { WithLink, WithoutLink } from "~/components/link-parts.tsx";
import { linkPageMeta } from "~/lib/seo.ts";

const words = accountPageWords.verifyEmail;

export function meta() {
  return linkPageMeta(words.meta, accountPages.verifyEmail);
}

/**
 * The page the link in "Confirm your email" opens. Its form has no action, so the browser posts
 * it to this very address, token and all, with no script; the server answers that post with a
 * redirect to the confirmed page or a page saying what is wrong with the link (linkPageRoutes).
 * Confirming takes a tap, not just opening the link: mail scanners open links too.
 */
export default function VerifyEmail() {
  return (
    <AccountPage
      title={words.title}
      text={
        <>
          <WithoutLink inline>{withoutLinkWords.verifyEmail}</WithoutLink>
          <WithLink inline>{words.text}</WithLink>
        </>
      }
    >
      <WithLink>
        <form id="confirm" method="post">
          <button type="submit" className="button button-primary button-large join-submit">
            {words.submit}
          </button>
        </form>
      </WithLink>
      <AccountSection id="new-link" title={words.newLink.title} text={words.newLink.text}>
        <form method="post" action={formAction("confirmation-link")} data-check>
          <FormField id="resend-email" label={accountPageWords.email} type="email" />
          <button type="submit" className="button button-primary join-submit">
            {words.newLink.submit}
          </button>
        </form>
      </AccountSection>
      <AccountFormsScript />
    </AccountPage>
  );
}
