import { emailChangeWords } from "@ysp/content/email-change";
import { emailChangePages } from "@ysp/contract";
import { OneTapPage } from "~/components/account-page.tsx";
import { linkPageMeta } from "~/lib/seo.ts";

const words = emailChangeWords.confirm;

export function meta() {
  return linkPageMeta(words.meta, emailChangePages.confirm);
}

/** The page the link in "Confirm your new email" opens: a tap makes the address the login. */
export default function ChangeEmailConfirm() {
  return (
    <OneTapPage words={words} withoutLink={words.withoutLink}>
      <a className="button button-primary button-large" href={emailChangePages.changeEmail}>
        {words.ask}
      </a>
    </OneTapPage>
  );
}
