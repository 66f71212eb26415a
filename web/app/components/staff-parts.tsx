import { staffWords } from "@ysp/content/staff";
import {
  type PasskeyCeremony,
  passkeyScriptParts,
  staffPages,
  staffSlots,
} from "@ysp/contract/staff";
import type { ReactNode } from "react";
import passkeyScriptText from "~/scripts/staff-passkey.ts?inline-script";
import staffCss from "~/styles/staff.css?inline";
import staffFrameCss from "~/styles/staff-frame.css?inline";
import { AccountPage } from "./account-page.tsx";
import { InlineScript } from "./inline-scripts.tsx";

/** Rendered into the prerendered HTML only, as every inline script and stylesheet is. */
const passkeyScript = import.meta.env.SSR ? passkeyScriptText : "";
const styles = import.meta.env.SSR ? `${staffFrameCss}\n${staffCss}` : "";

/**
 * The staff area's own styles, inlined in its pages alone: the public pages' stylesheet carries
 * none of them.
 */
export function StaffStyles() {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, from the build
  return <style dangerouslySetInnerHTML={{ __html: styles }} suppressHydrationWarning />;
}

type CeremonyWords = {
  button: string;
  working: string;
  cancelled: string;
  failed: string;
  refused?: string;
  unsupported?: string;
};

/**
 * The button that starts a passkey ceremony, built disabled: the script enables it where the
 * browser can make or use a passkey, and says each outcome in the status line after it.
 */
export function PasskeyButton({
  ceremony,
  words,
}: {
  ceremony: PasskeyCeremony;
  words: CeremonyWords;
}) {
  return (
    <>
      <button
        type="button"
        className="button button-primary button-large"
        disabled
        {...{ [passkeyScriptParts.ceremonyAttribute]: ceremony }}
        data-working={words.working}
        data-cancelled={words.cancelled}
        data-failed={words.failed}
        data-refused={words.refused ?? words.failed}
        data-unsupported={words.unsupported ?? staffWords.login.unsupported}
      >
        {words.button}
      </button>
      <p id={passkeyScriptParts.statusId} className="staff-status" role="status" />
      <noscript>
        <p className="staff-status">{staffWords.login.noScript}</p>
      </noscript>
      <InlineScript text={passkeyScript} />
    </>
  );
}

/** The card of /staff/login and /staff/enrol: an account page's, with no chat with the team. */
export function StaffCard({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <>
      <StaffStyles />
      <AccountPage title={title} text={text} chat={false}>
        {children}
      </AccountPage>
    </>
  );
}

const nav = staffWords.frame.nav;

/** The staff area's header: its links (the admins' hidden by the server for staff), who is in, log out. */
export function StaffHeader() {
  return (
    <header className="staff-header">
      <nav aria-label={nav.label}>
        <ul>
          <li>
            <a href={staffPages.home}>{nav.dashboard}</a>
          </li>
          <li id={staffSlots.adminLinks} className="staff-admin-links">
            <a href={staffPages.students}>{nav.students}</a>
            <a href={staffPages.audit}>{nav.audit}</a>
            <a href={staffPages.members}>{nav.members}</a>
          </li>
          <li>
            <a href={staffPages.passkeys}>{nav.passkeys}</a>
          </li>
        </ul>
      </nav>
      <form method="post" action={staffPages.logout} className="staff-logout">
        <span>
          {staffWords.frame.signedInAs} <strong id={staffSlots.member} />
        </span>
        <button type="submit" className="button">
          {staffWords.frame.logout}
        </button>
      </form>
    </header>
  );
}
