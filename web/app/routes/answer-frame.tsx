import { answerTitle } from "@ysp/content/answers";
import { AnswerCard, BackLinksScript } from "~/components/answer-card.tsx";
import { pageMeta } from "~/lib/seo.ts";

/** Its title is replaced by the server with the answer's own. */
export const answerFrameTitle = answerTitle("Answer");

export function meta() {
  return pageMeta({
    title: answerFrameTitle,
    description: "An answer to a form.",
    path: "/",
    noindex: true,
  });
}

/**
 * Not a page anyone opens: the frame, with the site's header and footer, that the server writes
 * its answers into when they cannot be a page of their own (a link that cannot be used, a limit
 * reached, a form from another site). The server fills the card (answerSlotId) and the title.
 */
export default function AnswerFrame() {
  return (
    <>
      <AnswerCard words={{ title: "", lines: [], links: [{ href: "/", text: "" }] }} />
      <BackLinksScript />
    </>
  );
}
