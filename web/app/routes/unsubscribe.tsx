import { dataRightsWords } from "@ysp/content/data-rights";
import { withoutLinkWords } from "@ysp/content/link-pages";
import { dataRightsPages } from "@ysp/contract";
import { OneTapPage } from "~/components/account-page.tsx";
import { linkPageMeta } from "~/lib/seo.ts";

const words = dataRightsWords.unsubscribe;

export function meta() {
  return linkPageMeta(words.meta, dataRightsPages.unsubscribe);
}

/**
 * The unsubscribe link of every newsletter message opens this page. Mail apps with their own
 * unsubscribe button post to the same address (RFC 8058).
 */
export default function Unsubscribe() {
  return <OneTapPage words={words} withoutLink={withoutLinkWords.unsubscribe} />;
}
