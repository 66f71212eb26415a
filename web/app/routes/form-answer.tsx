import { answerTitle, answerWords } from "@ysp/content/answers";
import { type AnswerPage, answerPages } from "@ysp/contract";
import { useLocation } from "react-router";
import { AnswerCard } from "~/components/answer-card.tsx";
import { pageMeta } from "~/lib/seo.ts";

/** Which answer a path is: each page in pages.ts that uses this module is one of answerPages. */
const answerAt = (pathname: string): AnswerPage => {
  const path = pathname.replace(/(.)\/+$/, "$1");
  const found = Object.entries(answerPages).find(([, at]) => at === path);
  if (!found) throw new Error(`No answer page at ${pathname}: add it to answerPages`);
  return found[0] as AnswerPage;
};

export function meta({ location }: { location: { pathname: string } }) {
  const answer = answerAt(location.pathname);
  const words = answerWords[answer];
  return pageMeta({
    title: answerTitle(words.title),
    description: words.lines[0] ?? words.title,
    path: answerPages[answer],
    noindex: true,
  });
}

/**
 * A page a form posted without a script lands on: the server answers the post with a 303 here,
 * so a reload shows this page again (a 200) instead of posting the form twice.
 */
export default function FormAnswer() {
  return <AnswerCard words={answerWords[answerAt(useLocation().pathname)]} />;
}
