import { dataRightsWords } from "@ysp/content/data-rights";
import { withoutLinkWords } from "@ysp/content/link-pages";
import { guardianConsentSlots, linkPartAttribute } from "@ysp/contract";
import type { ReactNode } from "react";

type PartProps = { children: ReactNode; inline?: boolean };

/**
 * What a link's page says when opened without its link: shown as built, hidden by the server
 * when the address carries a token (api/src/routes/link-pages.ts). `inline` inside a paragraph.
 */
export function WithoutLink({ children, inline }: PartProps) {
  const Tag = inline ? "span" : "div";
  return <Tag {...{ [linkPartAttribute]: "without" }}>{children}</Tag>;
}

/** What needs the link (its button, its form): hidden as built, shown by the server with a token. */
export function WithLink({ children, inline }: PartProps) {
  const Tag = inline ? "span" : "div";
  return (
    <Tag {...{ [linkPartAttribute]: "with" }} hidden>
      {children}
    </Tag>
  );
}

/**
 * Where a parent's pages name the student who asked: the server writes the name over these words
 * (api/src/routes/guardian-consent.ts), so the page says whose permission it is with no script.
 */
function ChildName() {
  return (
    <strong id={guardianConsentSlots.childName}>{dataRightsWords.guardianConsent.childName}</strong>
  );
}

/**
 * The opening line of a parent's pages: what the page is for when opened without its link, and
 * with it, the student's name between `before` and `after`.
 */
export function NamesTheStudent({ before, after }: { before: string; after: string }) {
  return (
    <>
      <WithoutLink inline>{withoutLinkWords.guardianConsent}</WithoutLink>
      <WithLink inline>
        {before}
        <ChildName />
        {after}
      </WithLink>
    </>
  );
}
