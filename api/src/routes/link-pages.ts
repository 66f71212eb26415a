import { accountPages, dataRightsPages, emailChangePages } from "@ysp/contract";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { linkTokenOf } from "../pages/link-answers.ts";
import { showLinkParts } from "../pages/link-parts.ts";
import { type PageFile, pageWithHtml, type SiteFiles } from "../pages/static-site.ts";
import { sendFile } from "./site.ts";

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
];

/**
 * Serves one link's page as above. `done`, given a request with a token, may answer it instead
 * (a link opened again after its work is done); it answers nothing to leave the button.
 */
export function serveLinkPage(
  app: FastifyInstance,
  path: string,
  page: PageFile,
  done?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>,
) {
  const withLink = pageWithHtml(page, showLinkParts(page.identity.body.toString("utf8")));
  app.get(path, { logLevel: "warn" }, async (request, reply) => {
    if (!linkTokenOf(request)) return sendFile(request, reply, page);
    return (
      (await done?.(request, reply)) ??
      sendFile(request, reply, withLink, { cacheControl: "no-store" })
    );
  });
}

export const linkPageViews: FastifyPluginAsync<{ site: SiteFiles }> = async (app, { site }) => {
  for (const path of linkPages) {
    const page = site.pages.get(path);
    if (page) serveLinkPage(app, path, page);
  }
};
