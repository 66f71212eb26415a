import { accountPages } from "@ysp/contract";
import { Link } from "react-router";
import { AccountPage } from "~/components/account-page.tsx";
import { StoreLink } from "~/components/store-link.tsx";
import { accountPageWords } from "~/content/account.ts";
import { pageMeta } from "~/lib/seo.ts";

const words = accountPageWords.emailConfirmed;

export function meta() {
  return pageMeta({ ...words.meta, path: accountPages.emailConfirmed, noindex: true });
}

/** Where a confirmed link leads: the server redirects here once the address is confirmed. */
export default function EmailConfirmed() {
  return (
    <AccountPage title={words.title} text={words.text}>
      <StoreLink className="button button-accent button-large">{words.download}</StoreLink>
      <p className="fine-print">
        <Link to="/">{accountPageWords.home}</Link>
      </p>
    </AccountPage>
  );
}
