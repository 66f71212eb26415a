import { dataRightsPages } from "@ysp/contract";
import { OneTapPage } from "~/components/account-page.tsx";
import { dataRightsWords } from "~/content/data-rights.ts";
import { withoutLinkWords } from "~/content/link-pages.ts";
import { linkPageMeta } from "~/lib/seo.ts";

const words = dataRightsWords.newsletterConfirm;

export function meta() {
  return linkPageMeta(words.meta, dataRightsPages.newsletterConfirm);
}

/** The link in "Confirm your subscription" opens this page; the server answers its tap with a page. */
export default function NewsletterConfirm() {
  return <OneTapPage words={words} withoutLink={withoutLinkWords.newsletterConfirm} />;
}
