import { linkPartAttribute } from "@ysp/contract";
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
