import {
  type MessageResponse,
  messageResponseSchema,
  type NewsletterBody,
  newsletterBodySchema,
} from "@ysp/contract";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/client.ts";
import { newsletterSubscriptions } from "../db/schema.ts";
import { acceptFormPosts, isFormPost, sendAnswerPage } from "../form-posts.ts";
import type { RateLimits } from "../rate-limits.ts";
import { errorResponses, zodBody, zodResponse } from "../route-schemas.ts";

export const newsletterMessages = {
  subscribed: "Thanks! You're subscribed. Look out for study tips in your inbox.",
  alreadySubscribed: "You're already subscribed with this email. Thank you!",
} as const;

/** Only our own pages: the answer page links back, never to a place taken from input. */
const backLink = (source: unknown, pages: ReadonlySet<string>) => {
  const path = typeof source === "string" ? source.replace(/(.)\/+$/, "$1") : "";
  return pages.has(path) ? path : "/";
};

export type NewsletterOptions = { db: Db; rateLimits: RateLimits; pagePaths: readonly string[] };

export const newsletterRoutes: FastifyPluginAsync<NewsletterOptions> = async (
  app,
  { db, rateLimits, pagePaths },
) => {
  const pages = new Set(pagePaths);
  acceptFormPosts(app);

  app.post<{ Body: NewsletterBody; Reply: MessageResponse }>(
    "/api/v1/newsletter/",
    {
      ...zodBody(newsletterBodySchema, {
        summary:
          "Subscribe an email address to the newsletter (JSON, or a plain form post answered with a page)",
        tags: ["newsletter"],
        // The JSON answers. A form post's answer is a page, sent as HTML, which no schema serialises.
        response: {
          200: zodResponse(messageResponseSchema),
          201: zodResponse(messageResponseSchema),
          ...errorResponses,
        },
      }),
      config: { rateLimit: rateLimits.newsletter },
      attachValidation: true,
    },
    async (request, reply) => {
      const fromForm = isFormPost(request);
      // After a mistake, back through history: the field still holds what was typed.
      const answer = (status: number, title: string, message: string, mistake = false) => {
        if (!fromForm) return reply.code(status).send({ message });
        const back = backLink((request.body as { source?: unknown } | undefined)?.source, pages);
        return sendAnswerPage(reply, status, {
          title,
          lines: [message],
          link: { href: back, text: "Back to the page you were on", back: mistake },
        });
      };
      if (request.validationError) {
        if (!fromForm) return reply.send(request.validationError);
        return answer(400, "Please check your email", request.validationError.message, true);
      }
      const inserted = await db
        .insert(newsletterSubscriptions)
        .values({ email: request.body.email, sourcePage: request.body.source ?? null })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscriptions.id });
      if (inserted.length === 0)
        return answer(200, "You're already subscribed", newsletterMessages.alreadySubscribed);
      return answer(201, "You're subscribed", newsletterMessages.subscribed);
    },
  );
};
