import { accountPages, emailChangePages, formAction, signedUpAddressSlot } from "@ysp/contract";
import { Link } from "react-router";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage, AccountSection, FormField } from "~/components/account-page.tsx";
import { StoreLink } from "~/components/store-link.tsx";
import { accountPageWords } from "~/content/account.ts";
import { checkEmail } from "~/content/join.ts";
import { linkPageMeta } from "~/lib/seo.ts";

const words = checkEmail.page;
/** The sentence around the address, which the server writes in for the browser that signed up. */
const [beforeAddress, afterAddress] = checkEmail.sentTo("\u0000").split("\u0000");

export function meta() {
  return linkPageMeta(words.meta, accountPages.signedUp);
}

/**
 * Where a sign-up made without a script lands (the API answers its post with a 303 here), so a
 * reload shows this page again instead of posting twice. Prerendered once for everyone, saying
 * "your email"; the server writes the address in, masked, for the browser that signed up
 * (api/src/routes/signed-up-page.ts), as home says it to a sign-up with a script.
 */
export default function SignedUp() {
  return (
    <AccountPage
      title={words.title}
      text={
        <>
          {beforeAddress}
          <span id={signedUpAddressSlot}>{checkEmail.yourEmail}</span>
          {afterAddress}
        </>
      }
    >
      <StoreLink className="button button-accent button-large">{words.store}</StoreLink>
      <p className="fine-print">
        <Link to="/">{words.home}</Link>
      </p>
      <AccountSection
        id="new-link"
        title={checkEmail.resend}
        text={accountPageWords.verifyEmail.newLink.text}
      >
        <form method="post" action={formAction("confirmation-link")} data-check>
          <FormField id="resend-email" label={accountPageWords.email} type="email" />
          <button type="submit" className="button button-primary join-submit">
            {accountPageWords.verifyEmail.newLink.submit}
          </button>
        </form>
        <p className="fine-print">
          {words.typedWrong} <a href={emailChangePages.changeEmail}>{words.changeEmail}</a>
        </p>
      </AccountSection>
      <AccountFormsScript />
    </AccountPage>
  );
}
