import { dataRightsPages } from "@ysp/contract";
import { AccountPage } from "~/components/account-page.tsx";
import { dataRightsWords } from "~/content/data-rights.ts";
import { pageMeta } from "~/lib/seo.ts";

const words = dataRightsWords.newsletterConfirm;

export function meta() {
  return [
    ...pageMeta({ ...words.meta, path: dataRightsPages.newsletterConfirm, noindex: true }),
    // The address carries the link's token: nothing passes it on.
    { name: "referrer", content: "no-referrer" },
  ];
}

/**
 * The link in "Confirm your subscription" opens this page; a tap confirms (mail scanners open links too). The form posts to this address, token included, and the server answers with a page.
 */
export default function NewsletterConfirm() {
  return (
    <AccountPage title={words.title} text={words.text}>
      <form method="post">
        <button type="submit" className="button button-primary button-large join-submit">
          {words.submit}
        </button>
      </form>
    </AccountPage>
  );
}
