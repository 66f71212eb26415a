import { common } from "@ysp/content/common";
import { chatUrl, site } from "@ysp/content/site";
import { Icon } from "./icons.tsx";

/** Fixed at the bottom right of every page (spec §1): one tap away wherever the student has scrolled. */
export function ChatButton() {
  return (
    <aside aria-label={common.chatButton.region}>
      <a
        className="chat-button"
        href={chatUrl(site.phone)}
        target="_blank"
        rel="noopener noreferrer"
      >
        <span className="visually-hidden">{common.chatButton.link}</span>
        <Icon name="whatsApp" />
      </a>
    </aside>
  );
}
