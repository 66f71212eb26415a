import { site } from "@ysp/content/site";
import type { MetaDescriptor } from "react-router";

const organization = {
  "@context": "https://schema.org",
  "@type": "EducationalOrganization",
  name: site.name,
  url: site.origin,
  logo: `${site.origin}/icon-512.png`,
  email: site.email,
  telephone: site.phone,
  address: {
    "@type": "PostalAddress",
    streetAddress: site.address.street,
    addressLocality: site.address.city,
    addressCountry: "NG",
  },
  sameAs: [site.links.x, site.links.facebook, site.links.linkedIn, site.links.youTube],
};

type PageMeta = {
  title: string;
  description: string;
  path: string;
  /** Pages that must not appear in search results (sign-up with a code, not-found). */
  noindex?: boolean;
  jsonLd?: Record<string, unknown>[];
};

export function pageMeta({
  title,
  description,
  path,
  noindex,
  jsonLd = [],
}: PageMeta): MetaDescriptor[] {
  const url = `${site.origin}${path}`;
  const image = `${site.origin}/og-image.jpg`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: `${site.name}: ${site.tagline}` },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { "script:ld+json": [organization, ...jsonLd] },
  ];
}

/**
 * A page a mailed link opens: kept out of search results, and its address carries the link's
 * token, so no request from it may pass the address on.
 */
export const linkPageMeta = (meta: { title: string; description: string }, path: string) => [
  ...pageMeta({ ...meta, path, noindex: true }),
  { name: "referrer", content: "no-referrer" },
];
