import { emailChangeWords } from "@ysp/content/email-change";
import { emailChangePages } from "@ysp/contract";
import { OneTapPage } from "~/components/account-page.tsx";
import { linkPageMeta } from "~/lib/seo.ts";

const words = emailChangeWords.undo;

export function meta() {
  return linkPageMeta(words.meta, emailChangePages.undo);
}

/**
 * The page the link in "Your YSP email was changed" opens, at the old address: a tap puts
 * that address back.
 */
export default function ChangeEmailUndo() {
  return <OneTapPage words={words} withoutLink={words.withoutLink} />;
}
