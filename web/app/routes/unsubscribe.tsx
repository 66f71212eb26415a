import { dataRightsPages } from "@ysp/contract";
import { AccountPage } from "~/components/account-page.tsx";
import { dataRightsWords } from "~/content/data-rights.ts";
import { pageMeta } from "~/lib/seo.ts";

const words = dataRightsWords.unsubscribe;

export function meta() {
  return [
    ...pageMeta({ ...words.meta, path: dataRightsPages.unsubscribe, noindex: true }),
    // The address carries the link's token: nothing passes it on.
    { name: "referrer", content: "no-referrer" },
  ];
}

/**
 * The unsubscribe link of every newsletter message opens this page; one tap posts to this address, token included. Mail apps that offer their own unsubscribe button post to the same address (RFC 8058).
 */
export default function Unsubscribe() {
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
