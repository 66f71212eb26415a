import { staffWords } from "@ysp/content/staff";
import { staffPages } from "@ysp/contract/staff";
import { PasskeyButton, StaffCard } from "~/components/staff-parts.tsx";
import { linkPageMeta } from "~/lib/seo.ts";

const words = staffWords.login;

export function meta() {
  return linkPageMeta(words, staffPages.login);
}

/** Staff log in with a passkey: no address to type, the authenticator offers its own. */
export default function StaffLogin() {
  return (
    <StaffCard title={words.title} text={words.text}>
      <PasskeyButton ceremony="login" words={words} />
      <p className="fine-print">{words.noAccess}</p>
    </StaffCard>
  );
}
