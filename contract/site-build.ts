import * as z from "zod/mini";

/** A prerendered page's file and the Content-Security-Policy naming its own inline scripts. */
const builtPageSchema = z.object({
  /** Relative to the client folder, with forward slashes: "index.html", "faqs/index.html". */
  file: z.string().check(z.minLength(1)),
  contentSecurityPolicy: z.string().check(z.minLength(1)),
});

/**
 * What web/scripts/postbuild.ts writes beside the built site (build/site.json),
 * and the only thing the server knows about the site's pages.
 */
export const siteBuildSchema = z.object({
  pages: z.array(
    z.extend(builtPageSchema, {
      /** The URL path the page answers, without a trailing slash ("/", "/faqs", "/join"). */
      path: z.string().check(z.startsWith("/")),
      /**
       * The raw URL paths with parameters that get this page too, as a regular
       * expression: "^/join/[^/]+/?$" for an invite link.
       */
      alsoMatches: z.optional(z.string()),
    }),
  ),
  /** Sent with a 404 for any path no page or file owns. */
  notFound: builtPageSchema,
  /** The site's header and footer around an empty card, which the server fills with an answer. */
  answerFrame: builtPageSchema,
  /** For every page: the video player's allowances, everything else denied. */
  permissionsPolicy: z.string(),
});

export type SiteBuild = z.infer<typeof siteBuildSchema>;
