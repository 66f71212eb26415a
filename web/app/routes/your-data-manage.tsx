import { dataRightsPages, signupMessages, yourDataApi } from "@ysp/contract";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage, FormField } from "~/components/account-page.tsx";
import { dataRightsWords } from "~/content/data-rights.ts";
import { pageMeta } from "~/lib/seo.ts";

const words = dataRightsWords.manage;

export function meta() {
  return pageMeta({ ...words.meta, path: dataRightsPages.manageYourData, noindex: true });
}

/**
 * What a person may do with their data, once a link has let this browser (an HttpOnly cookie,
 * for 30 minutes). Every form is a plain request the server answers with a page or, for the
 * download, a file; without the cookie each answer says to ask for a new link.
 */
export default function ManageYourData() {
  return (
    <AccountPage title={words.title} text={words.text}>
      <section aria-labelledby="download-title" className="account-section">
        <h2 id="download-title">{words.download.title}</h2>
        <p className="muted">{words.download.text}</p>
        <form method="get" action={`${yourDataApi}/`}>
          <button type="submit" className="button button-primary join-submit">
            {words.download.submit}
          </button>
        </form>
      </section>
      <section aria-labelledby="correct-title" className="account-section">
        <h2 id="correct-title">{words.correct.title}</h2>
        <p className="muted">{words.correct.text}</p>
        <form method="post" action={`${yourDataApi}/name/`} data-check>
          <FormField
            id="first-name"
            name="first_name"
            label={words.correct.firstName}
            type="text"
            autoComplete="given-name"
            required={signupMessages.first_name}
          />
          <FormField
            id="last-name"
            name="last_name"
            label={words.correct.lastName}
            type="text"
            autoComplete="family-name"
            required={signupMessages.last_name}
          />
          <button type="submit" className="button button-primary join-submit">
            {words.correct.submit}
          </button>
        </form>
      </section>
      <section aria-labelledby="guardian-title" className="account-section">
        <h2 id="guardian-title">{words.guardian.title}</h2>
        <p className="muted">{words.guardian.text}</p>
        <form method="post" action={`${yourDataApi}/guardian-request/`} data-check>
          <FormField
            id="guardian-email"
            name="guardian_email"
            label={words.guardian.label}
            type="email"
          />
          <button type="submit" className="button button-primary join-submit">
            {words.guardian.submit}
          </button>
        </form>
      </section>
      <section aria-labelledby="marketing-title" className="account-section">
        <h2 id="marketing-title">{words.marketing.title}</h2>
        <p className="muted">{words.marketing.text}</p>
        <form method="post" action={`${yourDataApi}/stop-marketing/`}>
          <button type="submit" className="button button-primary join-submit">
            {words.marketing.submit}
          </button>
        </form>
      </section>
      <section aria-labelledby="delete-title" className="account-section">
        <h2 id="delete-title">{words.delete.title}</h2>
        <p className="muted">{words.delete.text}</p>
        <form method="post" action={`${yourDataApi}/delete/`} data-check>
          <FormField
            id="delete-confirm"
            name="confirm"
            label={words.delete.label}
            type="text"
            autoComplete="off"
            required={words.delete.label}
          />
          <button type="submit" className="button button-danger join-submit">
            {words.delete.submit}
          </button>
        </form>
      </section>
      <AccountFormsScript />
    </AccountPage>
  );
}
