import { answerFrameWords } from "@ysp/content/answers";
import { dataRightsWords } from "@ysp/content/data-rights";
import {
  dataRightsLifetimes,
  dataRightsMessages,
  dataRightsPages,
  type GuardianAnswerBody,
  guardianAnswerBodySchema,
  guardianConsentApi,
  guardianConsentSlots,
  linkTokenParameter,
  type MessageResponse,
  messageResponseSchema,
  refusalConfirmed,
} from "@ysp/contract";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { GuardianAnswer, Guardians, OpenedRequest } from "../accounts/guardians.ts";
import type { RateLimits } from "../http/rate-limits.ts";
import { itemsOf } from "../http/validation.ts";
import { examples } from "../openapi/examples.ts";
import { linkRefusals, operation } from "../openapi/operation.ts";
import { escapeHtml } from "../pages/escape-html.ts";
import { sendFormAgain } from "../pages/form-again.ts";
import { acceptFormPosts, answerAt, homeLink, sendAnswerPage } from "../pages/form-posts.ts";
import { dayWords, momentWords } from "../pages/lagos-time.ts";
import { linkRefusedTitle, linkTokenOf, refuseLink } from "../pages/link-answers.ts";
import { showLinkParts } from "../pages/link-parts.ts";
import { type Edit, fill, hide, href, show, withEdits } from "../pages/page-slots.ts";
import { sendFile } from "../pages/send-file.ts";
import {
  MissingBuildError,
  type PageFile,
  pageWithHtml,
  type SiteFiles,
} from "../pages/static-site.ts";

const words = dataRightsWords.guardianConsent;
const { unusable } = words;
const slots = guardianConsentSlots;

export type GuardianConsentOptions = {
  guardians: Guardians;
  rateLimits: RateLimits;
  site: SiteFiles;
};

type Opened = OpenedRequest & { ok: true };

const answerOf = (body: GuardianAnswerBody): GuardianAnswer =>
  body.decision === "grant"
    ? { decision: "grant", guardianName: body.guardian_name, relationship: body.relationship }
    : { decision: "refuse" };

/** "Your answer" on a link already answered, as paragraphs: what, when, and what it leaves. */
function answerLines({ answer, erasureAt }: Opened): string[] {
  if (!answer) return [];
  if (answer.decision === "granted") return [words.answered.granted(momentWords(answer.at))];
  return [
    words.answered.refused(momentWords(answer.at)),
    ...(erasureAt ? [words.answered.erasure(dayWords(erasureAt))] : []),
    words.answered.change,
  ];
}

/** The edits that make a parent's page theirs: the student named; once answered, the answer. */
function consentEdits(opened: Opened): Edit[] {
  const named = fill(slots.childName, escapeHtml(opened.childName));
  if (!opened.answer) return [named];
  const lines = answerLines(opened)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
  return [
    named,
    show(slots.answer),
    fill(slots.answerText, lines),
    hide(slots.refuse),
    ...(opened.answer.decision === "granted" ? [hide(slots.grant)] : []),
  ];
}

/**
 * A built page a parent's link opens, with its link's parts shown, and a check at start-up that
 * it has every place `edits` writes into (tried on `sample`): a build without one stops the
 * server there, not a parent's request.
 */
function linkPage<T>(page: PageFile, path: string, edits: (value: T) => Edit[], samples: T[]) {
  const html = showLinkParts(page.identity.body.toString("utf8"));
  try {
    for (const sample of samples) withEdits(html, edits(sample));
  } catch (error) {
    throw new MissingBuildError(
      `The built ${path} page has no place for what the server writes into it: run \`npm run build\` again.`,
      { cause: error },
    );
  }
  return (value: T) => withEdits(html, edits(value));
}

const sampleRequest: Opened = {
  ok: true,
  requestId: "",
  userId: "",
  childName: "",
  answer: null,
  erasureAt: null,
};
const sampleAnswers: Opened[] = [
  sampleRequest,
  { ...sampleRequest, answer: { decision: "refused", at: new Date(0) }, erasureAt: new Date(0) },
  { ...sampleRequest, answer: { decision: "granted", at: new Date(0) } },
];

/** The address of the consent page for this link: "Go back" leads there. */
const consentAddress = (token: string) =>
  `${dataRightsPages.guardianConsent}?${linkTokenParameter}=${encodeURIComponent(token)}`;

/**
 * A parent's or guardian's answer: the page the link in their message opens (named for the
 * student; once answered, saying the answer), its forms' posts, "Are you sure?" between a
 * refusal and its record, and the same answers as JSON.
 */
export const guardianConsentRoutes: FastifyPluginAsync<GuardianConsentOptions> = async (
  app,
  { guardians, rateLimits, site },
) => {
  acceptFormPosts(app);
  const page = site.pages.get(dataRightsPages.guardianConsent);
  const confirmPage = site.pages.get(dataRightsPages.guardianConsentRefuse);
  if (page && !confirmPage)
    throw new MissingBuildError(
      `The build has ${dataRightsPages.guardianConsent} but not ${dataRightsPages.guardianConsentRefuse}: run \`npm run build\` again.`,
    );

  const consent = page
    ? linkPage(page, dataRightsPages.guardianConsent, consentEdits, sampleAnswers)
    : undefined;
  const confirm = confirmPage
    ? linkPage(
        confirmPage,
        dataRightsPages.guardianConsentRefuse,
        ({ childName, token }: { childName: string; token: string }) => [
          fill(slots.childName, escapeHtml(childName)),
          href(slots.back, consentAddress(token)),
        ],
        [{ childName: "", token: "" }],
      )
    : undefined;

  if (page && consent) {
    const personal = async (request: FastifyRequest) => {
      const opened = await guardians.view(linkTokenOf(request));
      return opened.ok ? consent(opened) : undefined;
    };
    app.formPages.personal.set(dataRightsPages.guardianConsent, personal);
    app.get(dataRightsPages.guardianConsent, { logLevel: "warn" }, async (request, reply) => {
      const written = await personal(request);
      // No usable link: the page as built, saying what it is for, with its precompressed files.
      if (written === undefined) return sendFile(request, reply, page);
      return sendFile(request, reply, pageWithHtml(page, written), { cacheControl: "no-store" });
    });
  }

  /** A link that cannot take this answer, to a parent: why, in their words, and the way on. */
  const refusePage = (reply: FastifyReply, opened: OpenedRequest & { ok: false }, url: string) =>
    sendAnswerPage(reply, 400, {
      title: linkRefusedTitle,
      // A link already answered shows its answer: the way on is back to it.
      ...(opened.problem === "link_used"
        ? {
            lines: [unusable.link_used],
            link: { href: url, text: answerFrameWords.links.seeAnswer },
          }
        : { lines: [unusable[opened.problem], unusable.ask], link: homeLink }),
    });

  /**
   * "Are you sure?": a refusal's first post records nothing and answers with the page that says
   * what a refusal does, at this same address; its form posts here again, confirmed.
   */
  async function askToConfirm(request: FastifyRequest, reply: FastifyReply, token: string) {
    const opened = await guardians.view(token);
    if (!opened.ok) return refusePage(reply, opened, request.url);
    if (opened.answer) return refusePage(reply, { ok: false, problem: "link_used" }, request.url);
    if (!confirm || !confirmPage)
      return sendAnswerPage(reply, 200, {
        title: words.confirmRefusal.title,
        lines: words.confirmRefusal.points,
        link: { href: consentAddress(token), text: words.confirmRefusal.back },
      });
    const html = confirm({ childName: opened.childName, token });
    return sendFile(request, reply, pageWithHtml(confirmPage, html), { cacheControl: "no-store" });
  }

  app.post(
    dataRightsPages.guardianConsent,
    { config: { rateLimit: rateLimits.mailPerIp } },
    async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const parsed = guardianAnswerBodySchema.safeParse({
        ...body,
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
      const { token, decision } = parsed.data;
      if (decision === "refuse" && body[refusalConfirmed.name] !== refusalConfirmed.value)
        return askToConfirm(request, reply, token);
      const opened = await guardians.answer(token, answerOf(parsed.data));
      if (!opened.ok) return refusePage(reply, opened, request.url);
      return answerAt(reply, decision === "grant" ? "guardianGranted" : "guardianRefused");
    },
  );

  answerRoute(app, { guardians, rateLimits });
};

/** POST <guardianConsentApi>: the same answers as JSON, a refusal recorded at once. */
function answerRoute(
  app: FastifyInstance,
  { guardians, rateLimits }: Pick<GuardianConsentOptions, "guardians" | "rateLimits">,
) {
  const answered = (body: GuardianAnswerBody) =>
    body.decision === "grant"
      ? dataRightsMessages.guardianGranted
      : dataRightsMessages.guardianRefused;

  app.post<{ Body: GuardianAnswerBody; Reply: MessageResponse }>(
    guardianConsentApi,
    {
      ...operation({
        operationId: "answerGuardianRequest",
        summary:
          "A parent's or guardian's answer to a student's request: give permission, or refuse",
        description: [
          `A refusal is recorded at once: ask the parent to confirm it first, as the site's page does, since it deletes the account and its data after ${dataRightsLifetimes.erasureAfterRefusal.words} unless permission is given before then.`,
          `A link answers once while it is new (for ${dataRightsLifetimes.guardianConsent.words}, until a newer request replaces it). After a refusal, the same link may still give permission, even past those ${dataRightsLifetimes.guardianConsent.words}, for as long as the account lasts: a new consent record that ends the pending erasure. Any other second answer is link_used.`,
        ].join("\n\n"),
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
}
