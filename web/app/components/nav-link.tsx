import type { NavItem } from "@ysp/content/navigation";
import { NavLink } from "react-router";
import type { PagePath } from "~/pages.ts";
import { ExternalLink } from "./external-link.tsx";
import { StoreLink } from "./store-link.tsx";

/** A page's path is checked here, against the route table: content keeps plain strings. */
export function NavItemLink({ item }: { item: NavItem<PagePath> }) {
  switch (item.kind) {
    case "route":
      return <NavLink to={item.to}>{item.label}</NavLink>;
    case "external":
      return <ExternalLink href={item.href}>{item.label}</ExternalLink>;
    case "store":
      return <StoreLink>{item.label}</StoreLink>;
  }
}
