import { accountPages, dataRightsPages, emailChangePages, googleSignIn } from "@ysp/contract";
import type { FastifyPluginAsync } from "fastify";
import { serveLinkPage } from "../pages/link-parts.ts";
import type { SiteFiles } from "../pages/static-site.ts";

/**
 * The pages a mailed link opens whose work is the same for every link: as built, each says what
 * it is for and how to get a link, and shows no button that needs one; with a token in the
 * address, its button or form instead, written once at start-up. The token is checked only when
 * the form is posted (a tap, since mail scanners open links too). /guardian-consent, which names
 * the student, is served by its own route, and /unsubscribe by the newsletter's, which knows
 * when its link has already done its work.
 */
const linkPages = [
  accountPages.verifyEmail,
  accountPages.resetPassword,
  dataRightsPages.yourData,
  dataRightsPages.newsletterConfirm,
  emailChangePages.confirm,
  emailChangePages.undo,
  googleSignIn.linkPage,
];

export const linkPageViews: FastifyPluginAsync<{ site: SiteFiles }> = async (app, { site }) => {
  for (const path of linkPages) {
    const page = site.pages.get(path);
    if (page) serveLinkPage(app, path, page);
  }
};
