import { accountPageWords } from "@ysp/content/account";
import { checkEmail } from "@ysp/content/join";
import { accountPages, formAction, signedUpAddressSlot, signupCookieParts } from "@ysp/contract";
import { Link } from "react-router";
import { AccountFormsScript } from "~/components/account-form-scripts.tsx";
import { AccountPage, AccountSection, FormField } from "~/components/account-page.tsx";
import { StoreLink } from "~/components/store-link.tsx";
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
 * "your email" and asking for the address to send a new link to; the server writes the address
 * in, masked, for the browser that signed up (api/src/routes/signed-up-page.ts), and makes
 * "Didn't get it?" one button, since that browser's account is known. "Wrong address? Change it"
 * leads to /correct-email, as home's notice does.
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
      <p className="fine-print">
        {checkEmail.wrongAddress} <a href={accountPages.correctEmail}>{checkEmail.changeIt}</a>
      </p>
      <AccountSection id="new-link" title={checkEmail.resend}>
        <div id={signupCookieParts.newLinkByAddress}>
          <p className="muted">{accountPageWords.verifyEmail.newLink.text}</p>
          <form method="post" action={formAction("confirmation-link")} data-check>
            <FormField id="resend-email" label={accountPageWords.email} type="email" />
            <button type="submit" className="button button-primary join-submit">
              {accountPageWords.verifyEmail.newLink.submit}
            </button>
          </form>
        </div>
        {/* Posted to this page's own address: the server knows the account by its cookie. */}
        <div id={signupCookieParts.newLinkHere} hidden>
          <p className="muted">{words.newLinkHere}</p>
          <form method="post">
            <button type="submit" className="button button-primary join-submit">
              {accountPageWords.verifyEmail.newLink.submit}
            </button>
          </form>
        </div>
      </AccountSection>
      <AccountFormsScript />
    </AccountPage>
  );
}
