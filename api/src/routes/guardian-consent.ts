import {
  dataRightsMessages,
  dataRightsPages,
  type GuardianAnswerBody,
  guardianAnswerBodySchema,
  guardianConsentApi,
  type MessageResponse,
  messageResponseSchema,
} from "@ysp/contract";
import { answerFrameWords } from "@ysp/web/content/answers";
import { dataRightsWords } from "@ysp/web/content/data-rights";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { GuardianAnswer, Guardians } from "../accounts/guardians.ts";
import { examples } from "../api-examples.ts";
import { escapeHtml } from "../escape-html.ts";
import { sendFormAgain } from "../form-again.ts";
import { acceptFormPosts, answerAt, homeLink, sendAnswerPage } from "../form-posts.ts";
import { showLinkParts } from "../link-parts.ts";
import { fill, withEdits } from "../page-slots.ts";
import type { RateLimits } from "../rate-limits.ts";
import { itemsOf, linkRefusals, operation } from "../route-schemas.ts";
import { pageWithHtml, type SiteFiles } from "../static-site.ts";
import { linkRefusedTitle, linkTokenOf, refuseLink } from "./link-answers.ts";
import { sendFile } from "./site.ts";

const { unusable } = dataRightsWords.guardianConsent;

export type GuardianConsentOptions = {
  guardians: Guardians;
  rateLimits: RateLimits;
  site: SiteFiles;
};

/**
 * Where the prerendered page names the student: the server puts the name of the student who
 * asked in its place, so the page says whose permission it is with no script at all.
 */
const childNameId = "child-name";
export const childNameSlot = `<strong id="${childNameId}">the student who asked you</strong>`;

const answerOf = (body: GuardianAnswerBody): GuardianAnswer =>
  body.decision === "grant"
    ? { decision: "grant", guardianName: body.guardian_name, relationship: body.relationship }
    : { decision: "refuse" };

/**
 * A parent's or guardian's answer: the page the link in their message opens (named for the
 * student), its form's post, and the same answer as JSON.
 */
export const guardianConsentRoutes: FastifyPluginAsync<GuardianConsentOptions> = async (
  app,
  { guardians, rateLimits, site },
) => {
  acceptFormPosts(app);
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });
  const page = site.pages.get(dataRightsPages.guardianConsent);

  if (page) {
    // The page as built says what it is for; opened by a usable link, it shows the forms.
    const html = showLinkParts(page.identity.body.toString("utf8"));
    if (!html.includes(childNameSlot))
      throw new Error(
        `The built ${dataRightsPages.guardianConsent} page has no place for the student's name`,
      );
    const named = (childName: string) =>
      withEdits(html, [fill(childNameId, escapeHtml(childName))]);
    const personal = async (request: FastifyRequest) => {
      const opened = await guardians.view(linkTokenOf(request));
      return opened.ok ? named(opened.childName) : undefined;
    };
    app.formPages.personal.set(dataRightsPages.guardianConsent, personal);
    app.get(dataRightsPages.guardianConsent, { logLevel: "warn" }, async (request, reply) => {
      const written = await personal(request);
      // No usable link: the page as built, saying what it is for, with its precompressed files.
      if (written === undefined) return sendFile(request, reply, page);
      return sendFile(request, reply, pageWithHtml(page, written), { cacheControl: "no-store" });
    });
  }

  const answered = (body: GuardianAnswerBody) =>
    body.decision === "grant"
      ? dataRightsMessages.guardianGranted
      : dataRightsMessages.guardianRefused;

  app.post(
    dataRightsPages.guardianConsent,
    { config: { rateLimit: rateLimits.mailPerIp } },
    async (request, reply) => {
      const parsed = guardianAnswerBodySchema.safeParse({
        ...(request.body as object | undefined),
        token: linkTokenOf(request),
      });
      if (!parsed.success) {
        // A missing name or relationship: the parent's own page again, under the field.
        const items = itemsOf(parsed.error.issues);
        if (sendFormAgain(reply, items)) return reply;
        return sendAnswerPage(reply, 400, {
          title: answerFrameWords.titles.mistake,
          lines: items.map((item) => item.detail),
          link: { href: request.url, text: answerFrameWords.links.backToForm, back: true },
        });
      }
      const opened = await guardians.answer(parsed.data.token, answerOf(parsed.data));
      if (!opened.ok)
        return sendAnswerPage(reply, 400, {
          title: linkRefusedTitle,
          lines: [unusable[opened.problem], unusable.ask],
          link: homeLink,
        });
      return answerAt(
        reply,
        parsed.data.decision === "grant" ? "guardianGranted" : "guardianRefused",
      );
    },
  );

  app.post<{ Body: GuardianAnswerBody; Reply: MessageResponse }>(
    guardianConsentApi,
    {
      ...operation({
        operationId: "answerGuardianRequest",
        summary:
          "A parent's or guardian's answer to a student's request: give permission, or refuse",
        tag: "guardian consent",
        security: "public",
        body: { schema: guardianAnswerBodySchema, examples: examples.guardianAnswerBody },
        answers: {
          200: {
            description: "Recorded",
            schema: messageResponseSchema,
            examples: examples.guardianAnswered,
          },
        },
        refusals: { 400: linkRefusals() },
        limited: true,
      }),
      config: { rateLimit: rateLimits.mailPerIp },
    },
    async (request, reply) => {
      const opened = await guardians.answer(request.body.token, answerOf(request.body));
      if (!opened.ok) return refuseLink(reply, opened.problem);
      return reply.send({ message: answered(request.body) });
    },
  );
};
