import { linkPartAttribute } from "@ysp/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { linkTokenOf } from "./link-answers.ts";
import { sendFile } from "./send-file.ts";
import { MissingBuildError, type PageFile, pageWithHtml } from "./static-site.ts";

const withPart = `${linkPartAttribute}="with"`;
const withoutPart = `${linkPartAttribute}="without"`;

/**
 * A link's page as built says what it is for and hides what needs the link (WithLink and
 * WithoutLink in web/app/components/link-parts.tsx). Opened with a token, the other way round.
 * Constant strings only, with replacer functions: nothing from the request is written here.
 */
export function showLinkParts(html: string): string {
  if (!html.includes(`${withPart} hidden=""`) || !html.includes(withoutPart))
    throw new MissingBuildError(
      "A built link page has no parts marked for its link: run `npm run build` again.",
    );
  return html
    .replaceAll(`${withPart} hidden=""`, () => withPart)
    .replaceAll(withoutPart, () => `${withoutPart} hidden=""`);
}

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
