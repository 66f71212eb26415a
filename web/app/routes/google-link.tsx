import { googleWords } from "@ysp/content/google";
import { googleSignIn } from "@ysp/contract";
import { OneTapPage } from "~/components/account-page.tsx";
import { linkPageMeta } from "~/lib/seo.ts";

const words = googleWords.linkPage;

export function meta() {
  return linkPageMeta(words.meta, googleSignIn.linkPage);
}

/**
 * The page the link in "Add Google sign-in to your YSP account?" opens: a tap lets the Google
 * account of the account's address log in to it.
 */
export default function GoogleLink() {
  return <OneTapPage words={words} withoutLink={words.withoutLink} />;
}
