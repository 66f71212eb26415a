import { signupFollowUp } from "@ysp/contract";

/**
 * Where toasts go on a page without framework JavaScript (page-toasts.ts), and the live region
 * that reads them out, there from the first HTML: several screen readers skip a region added
 * with its text. Home's script shows a sign-up's toasts in them; the sign-up's second toast
 * is written here, since the script may import nothing that brings the contract's schemas with
 * it.
 */
export function PageToastRegions() {
  return (
    <>
      <div
        className="visually-hidden"
        aria-live="polite"
        aria-relevant="additions"
        id="announcements"
      />
      <div id="page-toasts" className="page-toasts" data-follow-up={signupFollowUp} />
    </>
  );
}
