import { emailChangePages } from "@ysp/contract";
import { AccountPage } from "~/components/account-page.tsx";
import { WithLink, WithoutLink } from "~/components/link-parts.tsx";
import { emailChangeWords } from "~/content/email-change.ts";
import { linkPageMeta } from "~/lib/seo.ts";

const words = emailChangeWords.undo;

export function meta() {
  return linkPageMeta(words.meta, emailChangePages.undo);
}

/**
 * The page the link in "Your YSP email was changed to …" opens, at the old address: a tap puts
 * that address back. Its form posts to this address with its token, as /verify-email's does.
 */
export default function ChangeEmailUndo() {
  return (
    <AccountPage
      title={words.title}
      text={
        <>
          <WithoutLink inline>{words.withoutLink}</WithoutLink>
          <WithLink inline>{words.text}</WithLink>
        </>
      }
    >
      <WithLink>
        <form method="post">
          <button type="submit" className="button button-primary button-large join-submit">
            {words.submit}
          </button>
        </form>
      </WithLink>
    </AccountPage>
  );
}
