import { common } from "./common.ts";
import { site } from "./site.ts";
import type { PageMetaCopy } from "./types.ts";

/** Copy of the two pages a student lands on when something is wrong. */
export type ErrorPageCopy = { title: string; text: string; homeLink: string };

/** docs/spec.md §2 and §8: the titles are word for word. */
export const notFoundPage: ErrorPageCopy & { imageLabel: string; meta: PageMetaCopy } = {
  meta: { title: `Page not found | ${site.name}`, description: "This page does not exist." },
  imageLabel: "A signpost pointing nowhere",
  title: "Oops.. It Seems you lost your way",
  text: "The page you are looking for is not here. Let's get you back on track.",
  homeLink: `Back to ${site.name} home`,
};

export const unexpectedErrorPage: ErrorPageCopy = {
  title: "Unexpected Application Error",
  text: "Something went wrong on our side. Please try again.",
  homeLink: common.goHome,
};

/**
 * What a browser shows when another website made it post one of our forms (an account link's,
 * say): the server refuses it (api/src/http/cross-site-posts.ts). Whoever reads this did nothing wrong.
 */
export const crossSitePostPage = {
  title: "This form came from another website",
  lines: [
    "We did not act on it: only a form on our own pages can change your account.",
    "If you meant to do this, open the link in your email again, or go to the page on our site and send its form from there.",
  ],
  pageLink: `Go to this page on ${site.name}`,
} as const;
