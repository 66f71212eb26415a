/** The header's links and words: only the pages with the site layout load them. */
import type { NavItem } from "./navigation.ts";
import { site } from "./site.ts";

export const headerNav = [
  { kind: "route", label: "About Us", to: "/about-us" },
  { kind: "external", label: "Sponsor a Child", href: site.links.sponsorChild },
  { kind: "external", label: "Mentors", href: site.links.mentors },
  { kind: "route", label: "FAQs", to: "/faqs" },
  { kind: "store", label: "Log In" },
] as const satisfies readonly NavItem[];

/** The header's own words. The header's button and the menu's say "Sign up", as the rest of the site does. */
export const headerText = {
  /** The names a screen reader gives the header's two lists of links. */
  mainNav: "Main",
  mobileNav: "Mobile",
  signUp: "Sign up",
  menuSignUp: "Sign up",
  openMenu: "Open menu",
  menu: "Menu",
  closeMenu: "Close menu",
} as const;
