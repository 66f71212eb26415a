/**
 * Links and names that pages without the header and footer use too (the sign-up page, the root).
 * The header's and footer's own words live in header.ts and footer.ts, so the sign-up page does
 * not download them: here, they cost it 340 B brotli.
 */
import type { PagePath } from "../pages.ts";
import { site } from "./site.ts";

export type NavItem =
  | { kind: "route"; label: string; to: PagePath }
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
