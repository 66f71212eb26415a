import { googleWords } from "@ysp/content/google";
import { googleSignIn } from "@ysp/contract";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage } from "~/components/account-page.tsx";
import { NameFields } from "~/components/name-fields.tsx";
import { pageMeta } from "~/lib/seo.ts";

const words = googleWords.namePage;

export function meta() {
  return pageMeta({ ...words.meta, path: googleSignIn.namePage, noindex: true });
}

/**
 * Where a Google sign-up lands when the names rule refuses the names Google gave: the student
 * types a name, and the form, with no action, posts it to this address, where the server finishes
 * the sign-up it holds in the browser's sign-in cookie. A refused name comes back as this page.
 */
export default function GoogleName() {
  return (
    <AccountPage title={words.title} text={words.text}>
      <form method="post" data-check>
        <NameFields labels={words} />
        <button type="submit" className="button button-primary button-large join-submit">
          {words.submit}
        </button>
      </form>
      <AccountFormsScript />
    </AccountPage>
  );
}
