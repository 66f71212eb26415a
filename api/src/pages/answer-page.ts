import { answerTitle } from "@ysp/content/answers";
import { escapeHtml } from "./escape-html.ts";
import { title, titleElement } from "./page-slots.ts";
import { MissingBuildError, type PageFile } from "./static-site.ts";

/**
 * The answer to a form post that cannot be a page of its own (a link that cannot be used, a
 * limit reached, a form from another site), written into the built site's answer frame
 * (web/app/routes/answer-frame.tsx): the site's header and footer around a card. What worked
 * lands on a page of its own instead (a 303 to contract's answerPages).
 */
export type FramedAnswer = {
  title: string;
  lines: readonly string[];
  /** `back`: the frame's script goes back through history, so the form is found as it was left. */
  link: { href: string; text: string; back?: boolean };
};

/** The frame as the build wrote it, and the policy naming its inline scripts. */
export type AnswerFrame = { before: string; after: string; contentSecurityPolicy: string };

// The card the frame renders empty (AnswerCard with answerSlotId): its first `</div>` is its own,
// since a card holds only a heading, paragraphs and links.
const card = /(<div id="answer" class="[^"]*">)[\s\S]*?(<\/div>)/;

/** Splits the built frame around its card once, at start-up: a build without one is refused. */
export function answerFrameOf(page: PageFile): AnswerFrame {
  const html = page.identity.body.toString("utf8");
  const found = card.exec(html);
  if (!found || !titleElement.test(html))
    throw new MissingBuildError(
      "The built answer frame has no card or title to write an answer into: run `npm run build` again.",
    );
  const start = found.index + (found[1] as string).length;
  return {
    before: html.slice(0, start),
    after: html.slice(found.index + found[0].length - (found[2] as string).length),
    contentSecurityPolicy: page.contentSecurityPolicy,
  };
}

/** The page, every string escaped; replacer functions only, so no `$&` in a line copies the page. */
export function answerPage(
  frame: AnswerFrame,
  { title: heading, lines, link }: FramedAnswer,
): string {
  const content = `<h1>${escapeHtml(heading)}</h1>${lines
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("")}<p><a class="button button-primary" href="${escapeHtml(link.href)}"${
    link.back ? " data-back" : ""
  }>${escapeHtml(link.text)}</a></p>`;
  const head = title(answerTitle(heading))(frame.before);
  return head + content + frame.after;
}
