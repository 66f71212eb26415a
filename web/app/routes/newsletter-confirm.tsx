import { dataRightsWords } from "@ysp/content/data-rights";
import { withoutLinkWords } from "@ysp/content/link-pages";
import { dataRightsPages } from "@ysp/contract";
import { OneTapPage } from "~/components/account-page.tsx";
import { linkPageMeta } from "~/lib/seo.ts";

const words = dataRightsWords.newsletterConfirm;

export function meta() {
  return linkPageMeta(words.meta, dataRightsPages.newsletterConfirm);
}

/** The link in "Confirm your subscription" opens this page; the server answers its tap with a page. */
export default function NewsletterConfirm() {
  return <OneTapPage words={words} withoutLink={withoutLinkWords.newsletterConfirm} />;
}
