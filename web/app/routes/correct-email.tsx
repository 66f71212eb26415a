import { checkEmail } from "@ysp/content/join";
import {
  accountPages,
  emailChangePages,
  signedUpAddressSlot,
  signupCookieParts,
} from "@ysp/contract";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage } from "~/components/account-page.tsx";
import { CorrectEmailFields } from "~/components/correct-email-fields.tsx";
import { EmailTypoHintScript } from "~/components/email-typo-hint.tsx";
import { pageMeta } from "~/lib/seo.ts";

const words = checkEmail.correct;

export function meta() {
  return pageMeta({ ...words.meta, path: accountPages.correctEmail, noindex: true });
}

/**
 * Puts right an address mistyped at sign-up, from the browser that signed up: the account is the
 * one its sign-up cookie names, proved with the password. Prerendered for everyone, saying who
 * may use it and how else to change an address; for that browser the server writes in the
 * account's address, masked, and shows the form (api/src/routes/signup-correction.ts). A plain
 * form post to this page's own address: a refusal comes back here under its field, and the
 * correction lands on /signed-up, which names the new address.
 */
export default function CorrectEmail() {
  return (
    <AccountPage
      title={words.title}
      text={
        <>
          <span id={signupCookieParts.correctKnown} hidden>
            {words.madeWith} <span id={signedUpAddressSlot}>{checkEmail.yourEmail}</span>.{" "}
            {words.howTo}
          </span>
          <span id={signupCookieParts.correctNone}>{words.none}</span>
        </>
      }
    >
      <div id={signupCookieParts.correctForm} hidden>
        <form method="post" data-check>
          <CorrectEmailFields idPrefix="correct" typoHint />
        </form>
      </div>
      <AccountFormsScript />
      <EmailTypoHintScript />
      <p className="fine-print">
        {words.elsewhere} <a href={emailChangePages.changeEmail}>{words.changeEmail}</a>
      </p>
    </AccountPage>
  );
}
