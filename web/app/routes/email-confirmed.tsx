import { accountPages, yourDataApi } from "@ysp/contract";
import { Link } from "react-router";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage, FormField } from "~/components/account-page.tsx";
import { StoreLink } from "~/components/store-link.tsx";
import { accountPageWords } from "~/content/account.ts";
import { dataRightsWords } from "~/content/data-rights.ts";
import { pageMeta } from "~/lib/seo.ts";

const words = accountPageWords.emailConfirmed;
const guardian = dataRightsWords.emailConfirmedGuardian;

export function meta() {
  return pageMeta({ ...words.meta, path: accountPages.emailConfirmed, noindex: true });
}

/**
 * Where a confirmed link leads: the server redirects here once the address is confirmed, and
 * lets this browser send a parent's request for the next 30 minutes (routes/your-data.ts).
 */
export default function EmailConfirmed() {
  return (
    <AccountPage title={words.title} text={words.text}>
      <StoreLink className="button button-accent button-large">{words.download}</StoreLink>
      <section aria-labelledby="guardian-title" className="account-section">
        <h2 id="guardian-title">{guardian.title}</h2>
        <p className="muted">{guardian.text}</p>
        <form method="post" action={`${yourDataApi}/guardian-request/`} data-check>
          <FormField
            id="guardian-email"
            name="guardian_email"
            label={dataRightsWords.manage.guardian.label}
            type="email"
          />
          <button type="submit" className="button button-primary join-submit">
            {dataRightsWords.manage.guardian.submit}
          </button>
        </form>
      </section>
      <AccountFormsScript />
      <p className="fine-print">
        <Link to="/">{accountPageWords.home}</Link>
      </p>
    </AccountPage>
  );
}
