import { NavLink } from "react-router";
import type { NavItem } from "~/content/navigation.ts";
import { ExternalLink } from "./external-link.tsx";
import { StoreLink } from "./store-link.tsx";

export function NavItemLink({ item, className }: { item: NavItem; className?: string }) {
  switch (item.kind) {
    case "route":
      return (
        <NavLink className={className} to={item.to}>
          {item.label}
        </NavLink>
      );
    case "external":
      return (
        <ExternalLink className={className} href={item.href}>
          {item.label}
        </ExternalLink>
      );
    case "store":
      return <StoreLink className={className}>{item.label}</StoreLink>;
  }
}
