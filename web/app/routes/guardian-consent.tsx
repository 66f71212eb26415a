import { dataRightsWords } from "@ysp/content/data-rights";
import { legalPages } from "@ysp/content/navigation";
import { dataRightsMessages, dataRightsPages, guardianConsentSlots as slots } from "@ysp/contract";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage, AccountSection, FormField } from "~/components/account-page.tsx";
import { NamesTheStudent, WithLink } from "~/components/link-parts.tsx";
import { linkPageMeta } from "~/lib/seo.ts";

const words = dataRightsWords.guardianConsent;

export function meta() {
  return linkPageMeta(words.meta, dataRightsPages.guardianConsent);
}

/**
 * Where a parent's or guardian's link leads. The server writes the student's name into its
 * slot (NamesTheStudent; routes/guardian-consent.ts in the API), and takes each form's post at this address, token included, answering with a page; a
 * refusal's first post with "Are you sure?" (guardian-consent-refuse.tsx). On a link already
 * answered, it shows "Your answer" with its lines written in, and hides the forms the answer
 * leaves nothing to do for.
 */
export default function GuardianConsent() {
  return (
    <AccountPage
      title={words.title}
      text={<NamesTheStudent before={words.before} after={words.after} />}
    >
      <YourAnswer />
      <AccountSection id="key-points" title={words.keyPointsTitle}>
        <ul className="account-list">
          {words.keyPoints.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <p>
          <a href={legalPages.privacy.to}>{words.privacyLink}</a>
        </p>
        <p>
          <a href={legalPages.terms.to}>{words.termsLink}</a>
        </p>
      </AccountSection>
      <WithLink>
        <AccountSection id={slots.grant} title={words.grant.title} text={words.grant.text}>
          <GrantForm />
        </AccountSection>
        <AccountSection id={slots.refuse} title={words.refuse.title} text={words.refuse.text}>
          <form method="post">
            <button
              type="submit"
              name="decision"
              value="refuse"
              className="button button-outline-danger join-submit"
            >
              {words.refuse.submit}
            </button>
          </form>
        </AccountSection>
      </WithLink>
      <AccountFormsScript />
    </AccountPage>
  );
}

/** "Your answer", hidden as built: the server writes its lines in on a link already answered. */
function YourAnswer() {
  return (
    <section
      id={slots.answer}
      aria-labelledby={`${slots.answer}-title`}
      className="account-facts"
      hidden
    >
      <h2 id={`${slots.answer}-title`}>{words.answered.title}</h2>
      <div id={slots.answerText} />
    </section>
  );
}

/** The permission: who gives it and how they are related to the student. */
function GrantForm() {
  return (
    <form method="post" data-check>
      <FormField
        id="guardian-name"
        name="guardian_name"
        label={words.grant.name}
        type="text"
        autoComplete="name"
        required={dataRightsMessages.guardianNameRequired}
      />
      <RelationshipField />
      <button
        type="submit"
        name="decision"
        value="grant"
        className="button button-primary button-large join-submit"
      >
        {words.grant.submit}
      </button>
    </form>
  );
}

/**
 * The relationship, chosen from the list: nothing is chosen as built, and the page's script
 * (account-form-scripts.tsx) says so in the empty message line, as FormField's.
 */
function RelationshipField() {
  return (
    <div className="field">
      <label htmlFor="relationship">{words.grant.relationship}</label>
      <select
        id="relationship"
        name="relationship"
        required
        defaultValue=""
        data-required={dataRightsMessages.guardianRelationshipRequired}
      >
        <option value="" disabled>
          {words.grant.choose}
        </option>
        {words.grant.relationships.map((relationship) => (
          <option key={relationship} value={relationship}>
            {relationship}
          </option>
        ))}
      </select>
      <p id="relationship-error" className="field-error" hidden />
    </div>
  );
}
