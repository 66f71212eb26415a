import type { AnswerCopy } from "@ysp/content/answers";
import { InlineScript, immediately } from "./inline-scripts.tsx";

/**
 * The card a form's answer is written in, inside the site's header and footer: the pages a form
 * lands on (routes/form-answer.tsx), and the frame the server writes its other answers into
 * (routes/answer-frame.tsx).
 */
export function AnswerCard({ words }: { words: AnswerCopy }) {
  const [main, ...others] = words.links;
  return (
    <div className="answer">
      <div id={answerSlotId} className="join-card answer-card">
        <h1>{words.title}</h1>
        {words.lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {words.slot && <p id={words.slot} hidden />}
        <p>
          <a className="button button-primary" href={main.href}>
            {main.text}
          </a>
        </p>
        {others.map((link) => (
          <p key={link.href}>
            <a href={link.href}>{link.text}</a>
          </p>
        ))}
      </div>
    </div>
  );
}

/** The card's id: the server finds the frame's card by it and writes the answer into it. */
export const answerSlotId = "answer";

/**
 * A link marked `data-back` goes back through history where it can, so the form is found as it
 * was left, fields filled. Inline in the page, so it is in place before the link can be tapped.
 */
export function followBackLinks() {
  document.addEventListener("click", (event) => {
    const link = event.target instanceof Element && event.target.closest("a[data-back]");
    if (!link || history.length < 2 || document.referrer.indexOf(`${location.origin}/`) !== 0)
      return;
    event.preventDefault();
    history.back();
  });
}

const backLinks = import.meta.env.SSR ? immediately(followBackLinks) : "";

/** On the frame only: its "Back to the form" goes back to the form as it was left. */
export function BackLinksScript() {
  return <InlineScript text={backLinks} />;
}
