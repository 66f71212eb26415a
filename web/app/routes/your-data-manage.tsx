import { dataRightsWords } from "@ysp/content/data-rights";
import {
  accountPages,
  dataRightsMessages,
  dataRightsPages,
  formAction,
  yourDataApi,
  yourDataSlots,
} from "@ysp/contract";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage, AccountSection, FormField } from "~/components/account-page.tsx";
import { EmailTypoHintScript } from "~/components/email-typo-hint.tsx";
import { GuardianRequestForm } from "~/components/guardian-request-form.tsx";
import { NameFields } from "~/components/name-fields.tsx";
import { NoDataSession } from "~/components/no-data-session.tsx";
import { pageMeta } from "~/lib/seo.ts";

const words = dataRightsWords.manage;

export function meta() {
  return pageMeta({ ...words.meta, path: dataRightsPages.manageYourData, noindex: true });
}

/**
 * What a person may do with their data, once a link has let this browser (an HttpOnly cookie,
 * for 30 minutes). Every form is a plain request the server answers with a page or, for the
 * download, a file; without the cookie each answer says to ask for a new link. Whose account
 * it is, the server writes into this page as it sends it (api/src/routes/your-data-pages.ts):
 * as built, the facts are empty and hidden, and the note that no account is open shows.
 */
export default function ManageYourData() {
  return (
    <AccountPage title={words.title} text={words.text}>
      <NoDataSession />
      <AccountFacts />
      <AccountSection id="download" title={words.download.title} text={words.download.text}>
        <a
          href={dataRightsPages.viewYourData}
          className="button button-primary join-submit data-view-link"
        >
          {words.download.view}
        </a>
        <form method="get" action={`${yourDataApi}/`}>
          <button type="submit" className="button button-primary join-submit">
            {words.download.submit}
          </button>
        </form>
      </AccountSection>
      <AccountSection id="correct" title={words.correct.title} text={words.correct.text}>
        <CorrectNameForm />
      </AccountSection>
      <AccountSection id="guardian" title={words.guardian.title} text={words.guardian.text}>
        <GuardianRequestForm />
      </AccountSection>
      <AccountSection id="marketing" title={words.marketing.title} text={words.marketing.text}>
        <form method="post" action={formAction("stop-marketing")}>
          <button type="submit" className="button button-primary join-submit">
            {words.marketing.submit}
          </button>
        </form>
      </AccountSection>
      <GoogleSignIn />
      <AccountSection id="delete" title={words.delete.title} text={words.delete.text}>
        <DeleteAccountForm />
      </AccountSection>
      <AccountFormsScript />
      <EmailTypoHintScript />
    </AccountPage>
  );
}

/** Whose account this is: empty and hidden as built, filled in and shown by the server. */
function AccountFacts() {
  const account = words.account;
  return (
    <section
      id={yourDataSlots.session}
      aria-labelledby="account-title"
      className="account-facts"
      hidden
    >
      <h2 id="account-title">{account.title}</h2>
      <dl>
        <dt>{account.name}</dt>
        <dd id={yourDataSlots.name} />
        <dt>{account.email}</dt>
        <dd id={yourDataSlots.email} />
        <dt>{account.guardian}</dt>
        <dd id={yourDataSlots.guardian} />
        <dt>{account.newsletter}</dt>
        <dd id={yourDataSlots.newsletter} />
        <dt>{account.google}</dt>
        <dd id={yourDataSlots.google} />
      </dl>
    </section>
  );
}

/**
 * Turning Google sign-in off: hidden as built, shown by the server while a Google account logs
 * in, with the form while the account has a password and, without one, why there is none.
 */
function GoogleSignIn() {
  const google = words.google;
  return (
    <AccountSection id={yourDataSlots.googleSection} title={google.title} text={google.text} hidden>
      <form
        id={yourDataSlots.removeGoogle}
        method="post"
        action={formAction("remove-google")}
        hidden
      >
        <button type="submit" className="button button-primary join-submit">
          {google.submit}
        </button>
      </form>
      <p id={yourDataSlots.googleNeedsPassword} hidden>
        {dataRightsMessages.googleNeedsPassword}{" "}
        <a href={accountPages.forgotPassword}>{google.forgot}</a>
      </p>
    </AccountSection>
  );
}

/** The name's two fields, which the server fills with the account's (`value=""` as built). */
function CorrectNameForm() {
  return (
    <form method="post" action={formAction("name")} data-check>
      <NameFields labels={words.correct} defaultValue="" />
      <button type="submit" className="button button-primary join-submit">
        {words.correct.submit}
      </button>
    </form>
  );
}

/** Deletes the account once its confirmation is typed: the field's label says what to type. */
function DeleteAccountForm() {
  return (
    <form method="post" action={formAction("delete-account")} data-check>
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
  );
}
