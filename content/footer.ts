/** The footer's links and words: only the pages with the site layout load them. */
import { legalPages, type NavItem } from "./navigation.ts";
import { site } from "./site.ts";

export type FooterGroup = { title: string; items: readonly NavItem[] };

export const footerGroups = [
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
      { kind: "route", label: "Your data", to: "/your-data" },
      { kind: "route", label: "Sign up", to: "/join" },
    ],
  },
] as const satisfies readonly FooterGroup[];

/**
 * X last: a link is at least 44 px wide for a thumb, and the one-letter name's box, first in the
 * row, left a gap three times the others' after it; at the end of the row nothing follows it.
 */
export const socialLinks = [
  { label: "Facebook", href: site.links.facebook },
  { label: "LinkedIn", href: site.links.linkedIn },
  { label: "YouTube", href: site.links.youTube },
  { label: "X", href: site.links.x },
] as const;

/** The footer's own headings and lines, beside its link groups. */
export const footerText = {
  contactHeading: "Contact",
  newsletterHeading: "Stay up to date",
  copyright: (year: number) => `© ${year} ${site.name}. All rights reserved.`,
} as const;
