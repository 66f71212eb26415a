import { common } from "@ysp/content/common";
import type { ReactNode } from "react";

/** A link to another site: a new tab, with no access back to this page. */
export function ExternalLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden">{common.newTab}</span>
    </a>
  );
}
