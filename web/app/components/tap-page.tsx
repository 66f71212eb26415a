import type { ReactNode } from "react";
import { AccountPage } from "./account-page.tsx";
import { WithLink, WithoutLink } from "./link-parts.tsx";

/** What a one-tap page says: opened with its link, and without it. */
export type TapWords = { title: string; text: string; withoutLink: string; submit: string };

/**
 * A page a mailed link opens whose work is one tap, not the opening (mail scanners open links
 * too): its form has no action, so the browser posts it to this very address, token and all,
 * with no script, and the server answers with a page. `children` are shown without the link.
 */
export function TapPage({ words, children }: { words: TapWords; children?: ReactNode }) {
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
      {children && <WithoutLink>{children}</WithoutLink>}
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
