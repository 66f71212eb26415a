import { dataRightsWords } from "@ysp/content/data-rights";
import { dataRightsPages, yourDataSlots } from "@ysp/contract";

const words = dataRightsWords.noSession;

/**
 * Where a page about one's own data says that no account is open in this browser: shown as
 * built, and hidden by the server when it sends the page to a browser with a data session.
 */
export function NoDataSession() {
  return (
    <p id={yourDataSlots.noSession} className="notice no-data-session">
      {words.text} <a href={dataRightsPages.yourData}>{words.link}</a>
    </p>
  );
}
