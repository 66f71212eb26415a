/**
 * Links and names that pages without the header and footer use too (the sign-up page, the root).
 * The header's and footer's own words live in header.ts and footer.ts, so the sign-up page does
 * not download them: here, they cost it 340 B brotli.
 */
import { site } from "./site.ts";

/**
 * A link of the site's navigation. A route's `to` is a page's path, kept as its literal: web
 * takes these as `NavItem<PagePath>` (components/nav-link.tsx), so a link to a page its route
 * table does not have fails the typecheck there.
 */
export type NavItem<To extends string = string> =
  | { kind: "route"; label: string; to: To }
  | { kind: "external"; label: string; href: string }
  | { kind: "store"; label: string };

/** Linked from the footer and from the sign-up form's consent line. */
export const legalPages = {
  terms: { kind: "route", label: "Terms of Service", to: "/terms-of-service" },
  privacy: { kind: "route", label: "Privacy Policy", to: "/privacy-policy" },
} as const satisfies Record<string, NavItem>;

/** The first stop of the keyboard on every page: a link past the header to the page's content. */
export const skipLinkLabel = "Skip to content";

/** The logo in the header and footer, as a screen reader names it: it links to the home page. */
export const logoLabel = `${site.name} home`;
