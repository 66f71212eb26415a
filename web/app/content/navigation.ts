import type { PagePath } from "../pages.ts";
import { site } from "./site.ts";

export type NavItem =
  | { kind: "route"; label: string; to: PagePath }
  | { kind: "external"; label: string; href: string }
  | { kind: "store"; label: string };

export const headerNav: readonly NavItem[] = [
  { kind: "route", label: "About Us", to: "/about-us" },
  { kind: "external", label: "Sponsor a Child", href: site.links.sponsorChild },
  { kind: "external", label: "Mentors", href: site.links.mentors },
  { kind: "route", label: "FAQs", to: "/faqs" },
  { kind: "store", label: "Log In" },
];

/** Linked from the footer and from the sign-up form's consent line. */
export const legalPages = {
  terms: { kind: "route", label: "Terms of Service", to: "/terms-of-service" },
  privacy: { kind: "route", label: "Privacy Policy", to: "/privacy-policy" },
} as const satisfies Record<string, NavItem>;

/** The header's own words; spec §1 spells the menu's button "Sign Up" and the header's "Sign up". */
export const headerText = {
  /** The names a screen reader gives the header's two lists of links. */
  mainNav: "Main",
  mobileNav: "Mobile",
  signUp: "Sign up",
  menuSignUp: "Sign Up",
  openMenu: "Open menu",
  menu: "Menu",
  closeMenu: "Close menu",
} as const;

/** The first stop of the keyboard on every page: a link past the header to the page's content. */
export const skipLinkLabel = "Skip to content";

/** The logo in the header and footer, as a screen reader names it: it links to the home page. */
export const logoLabel = `${site.name} home`;

export type FooterGroup = { title: string; items: readonly NavItem[] };

export const footerGroups: readonly FooterGroup[] = [
  {
    title: "Company",
    items: [
      { kind: "route", label: "About Us", to: "/about-us" },
      { kind: "external", label: "Sponsor a Child", href: site.links.sponsorChild },
      { kind: "external", label: "Mentors", href: site.links.mentors },
      { kind: "external", label: "Blog", href: site.links.blog },
    ],
  },
  {
    title: "Support",
    items: [
      { kind: "route", label: "FAQs", to: "/faqs" },
      legalPages.terms,
      legalPages.privacy,
      { kind: "route", label: "Sign up", to: "/join" },
    ],
  },
];

export const socialLinks = [
  { label: "X", href: site.links.x },
  { label: "Facebook", href: site.links.facebook },
  { label: "LinkedIn", href: site.links.linkedIn },
  { label: "YouTube", href: site.links.youTube },
] as const;

/** The footer's own headings and lines, beside its link groups. */
export const footerText = {
  contactHeading: "Contact",
  newsletterHeading: "Stay up to date",
  copyright: (year: number) => `© ${year} ${site.name}. All rights reserved.`,
} as const;
