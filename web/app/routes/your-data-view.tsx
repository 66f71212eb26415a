import { dataRightsWords } from "@ysp/content/data-rights";
import { dataRightsPages, yourDataSlots } from "@ysp/contract";
import { AccountPage } from "~/components/account-page.tsx";
import { NoDataSession } from "~/components/no-data-session.tsx";
import { pageMeta } from "~/lib/seo.ts";

const words = dataRightsWords.view;

export function meta() {
  return pageMeta({ ...words.meta, path: dataRightsPages.viewYourData, noindex: true });
}

/**
 * "View my data": the download's content as a page to read and print. The server writes the
 * data into its empty place as it sends the page to a browser with a data session
 * (api/src/routes/your-data-pages.ts); no script, and app.css's print rules keep only the data.
 */
export default function ViewYourData() {
  return (
    <AccountPage title={words.title} text={words.text}>
      <NoDataSession />
      <div id={yourDataSlots.data} className="data-view" />
      <p className="fine-print data-view-back">
        <a href={dataRightsPages.manageYourData}>{words.back}</a>
      </p>
    </AccountPage>
  );
}
