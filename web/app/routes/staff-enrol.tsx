import { staffWords } from "@ysp/content/staff";
import { staffPages, staffSlots } from "@ysp/contract/staff";
import { PasskeyButton, StaffCard } from "~/components/staff-parts.tsx";
import { linkPageMeta } from "~/lib/seo.ts";

const words = staffWords.enrol;

export function meta() {
  return linkPageMeta(words, staffPages.enrol);
}

/**
 * Where an enrolment link leads: the member makes a passkey. The server hides the form and shows
 * why when the link's token cannot be used (api/src/routes/staff-login.ts).
 */
export default function StaffEnrol() {
  return (
    <StaffCard title={words.title} text={words.text}>
      <div id={staffSlots.enrolForm}>
        <PasskeyButton ceremony="enrol" words={words} />
      </div>
      <div id={staffSlots.enrolExpired} hidden>
        <p role="alert">{words.expired}</p>
        <p>
          <a href={staffPages.login}>{words.loginLink}</a>
        </p>
      </div>
    </StaffCard>
  );
}
