import { accountPageWords } from "@ysp/content/account";
import { dataRightsWords } from "@ysp/content/data-rights";
import { accountPages, dataRightsPages, yourDataSlots } from "@ysp/contract";
import { Link } from "react-router";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage, AccountSection } from "~/components/account-page.tsx";
import { EmailTypoHintScript } from "~/components/email-typo-hint.tsx";
import { GuardianRequestForm } from "~/components/guardian-request-form.tsx";
import { StoreLink } from "~/components/store-link.tsx";
import { pageMeta } from "~/lib/seo.ts";

const words = accountPageWords.emailConfirmed;
const guardian = dataRightsWords.emailConfirmedGuardian;

export function meta() {
  return pageMeta({ ...words.meta, path: accountPages.emailConfirmed, noindex: true });
}

/**
 * Where a confirmed link leads: the server redirects here once the address is confirmed, and
 * lets this browser send a parent's request for the next 30 minutes (routes/your-data.ts). As
 * built, the page offers a link to "Your data" instead of the request's form: the server shows
 * the form when it sends the page to a browser in those 30 minutes (routes/your-data-pages.ts).
 */
export default function EmailConfirmed() {
  return (
    <AccountPage title={words.title} text={words.text}>
      <StoreLink className="button button-accent button-large">{words.download}</StoreLink>
      <AccountSection id="guardian" title={guardian.title}>
        <div id={yourDataSlots.session} hidden>
          <p className="muted">{guardian.text}</p>
          <GuardianRequestForm />
        </div>
        <div id={yourDataSlots.noSession}>
          <p className="muted">{guardian.later}</p>
          <a href={dataRightsPages.yourData} className="button button-primary join-submit">
            {guardian.link}
          </a>
        </div>
      </AccountSection>
      <AccountFormsScript />
      <EmailTypoHintScript />
      <p className="fine-print">
        <Link to="/">{accountPageWords.home}</Link>
      </p>
    </AccountPage>
  );
}
