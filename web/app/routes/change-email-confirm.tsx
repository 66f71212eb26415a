import { emailChangePages } from "@ysp/contract";
import { AccountPage } from "~/components/account-page.tsx";
import { WithLink, WithoutLink } from "~/components/link-parts.tsx";
import { emailChangeWords } from "~/content/email-change.ts";
import { linkPageMeta } from "~/lib/seo.ts";

const words = emailChangeWords.confirm;

export function meta() {
  return linkPageMeta(words.meta, emailChangePages.confirm);
}

/**
 * The page the link in "Confirm your new email" opens. As on /verify-email, its form has no
 * action and posts to this address with its token, and the change takes a tap: mail scanners
 * open links too.
 */
export default function ChangeEmailConfirm() {
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
      <WithoutLink>
        <a className="button button-primary button-large" href={emailChangePages.changeEmail}>
          {words.ask}
        </a>
      </WithoutLink>
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
