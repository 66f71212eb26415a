import { dataRightsWords } from "@ysp/content/data-rights";
import { dataRightsPages, refusalConfirmed, guardianConsentSlots as slots } from "@ysp/contract";
import { AccountPage } from "~/components/account-page.tsx";
import { NamesTheStudent, WithLink } from "~/components/link-parts.tsx";
import { linkPageMeta } from "~/lib/seo.ts";

const words = dataRightsWords.guardianConsent.confirmRefusal;

export function meta() {
  return linkPageMeta(words.meta, dataRightsPages.guardianConsentRefuse);
}

/**
 * "Are you sure?" before a parent's refusal is recorded. The server answers the refusal's first
 * post on /guardian-consent with this page, at that address, token and all: the form below has
 * no action, so it posts back there, now confirmed. "Go back" is the main button and comes
 * first; the server writes the link's token into it and the student's name into the line.
 * Opened here, it only says what it is for.
 */
export default function GuardianConsentRefuse() {
  return (
    <AccountPage
      title={words.title}
      text={<NamesTheStudent before={words.before} after={words.after} />}
    >
      <WithLink>
        <ul className="account-list">
          {words.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <div className="choice-buttons">
          <a
            id={slots.back}
            href={dataRightsPages.guardianConsent}
            className="button button-primary button-large join-submit"
          >
            {words.back}
          </a>
          <form method="post">
            <input type="hidden" name="decision" value="refuse" />
            <button
              type="submit"
              name={refusalConfirmed.name}
              value={refusalConfirmed.value}
              className="button button-outline-danger join-submit"
            >
              {words.submit}
            </button>
          </form>
        </div>
      </WithLink>
    </AccountPage>
  );
}
