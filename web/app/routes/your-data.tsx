import { accountPageWords } from "@ysp/content/account";
import { dataRightsWords } from "@ysp/content/data-rights";
import { withoutLinkWords } from "@ysp/content/link-pages";
import { dataRightsPages, formAction } from "@ysp/contract";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage, AccountSection, FormField } from "~/components/account-page.tsx";
import { EmailTypoHintScript } from "~/components/email-typo-hint.tsx";
import { WithLink, WithoutLink } from "~/components/link-parts.tsx";
import { linkPageMeta } from "~/lib/seo.ts";

const words = dataRightsWords.yourData;

export function meta() {
  return linkPageMeta(words.meta, dataRightsPages.yourData);
}

/**
 * Asks for a link to one's data by email; the link opens this page again with its token, and
 * the first form (shown only then) posts to this address: the server uses the link, lets this
 * browser manage the data for 30 minutes and sends it to /your-data/manage.
 */
export default function YourData() {
  return (
    <AccountPage title={words.title} text={words.text}>
      <WithoutLink>
        <p>{withoutLinkWords.yourData}</p>
      </WithoutLink>
      <WithLink>
        <form id="confirm" method="post">
          <p>{words.open.text}</p>
          <button type="submit" className="button button-primary button-large join-submit">
            {words.open.submit}
          </button>
        </form>
      </WithLink>
      <AccountSection id="ask" title={words.ask.title} text={words.ask.text}>
        <form method="post" action={formAction("data-link")} data-check>
          <FormField id="data-email" label={accountPageWords.email} type="email" typoHint />
          <button type="submit" className="button button-primary join-submit">
            {words.ask.submit}
          </button>
        </form>
      </AccountSection>
      <AccountFormsScript />
      <EmailTypoHintScript />
    </AccountPage>
  );
}
