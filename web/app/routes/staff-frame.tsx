import { staffWords } from "@ysp/content/staff";
import { staffSlots } from "@ysp/contract/staff";
import { PasskeyButton, StaffHeader, StaffStyles } from "~/components/staff-parts.tsx";
import { linkPageMeta } from "~/lib/seo.ts";

export function meta() {
  return linkPageMeta(staffWords.frame, "/");
}

/**
 * Not a page anyone opens: the frame of every staff page after login (the dashboard, a student,
 * the audit, members, passkeys). The server writes the member's address and the page's content
 * in for each request (api/src/routes/staff.ts), and hides the admins' links from staff. "My
 * passkeys" shows the button that adds one, with the passkey script after it.
 */
export default function StaffFrame() {
  return (
    <>
      <StaffStyles />
      <StaffHeader />
      <main id="main" className="staff-main">
        <div id={staffSlots.content} />
        <section id={staffSlots.addPasskey} className="staff-section" hidden>
          <PasskeyButton
            ceremony="add"
            words={{ ...staffWords.login, button: staffWords.passkeys.add }}
          />
        </section>
      </main>
    </>
  );
}
