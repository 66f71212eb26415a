import { NavLink } from "react-router";
import type { NavItem } from "~/content/navigation.ts";
import { ExternalLink } from "./external-link.tsx";
import { StoreLink } from "./store-link.tsx";

export function NavItemLink({ item }: { item: NavItem }) {
  switch (item.kind) {
    case "route":
      return <NavLink to={item.to}>{item.label}</NavLink>;
    case "external":
      return <ExternalLink href={item.href}>{item.label}</ExternalLink>;
    case "store":
      return <StoreLink>{item.label}</StoreLink>;
  }
}
