import { type NewsletterBody, newsletterBodySchema } from "@ysp/contract";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/client.ts";
import { newsletterSubscriptions } from "../db/schema.ts";
import type { RateLimits } from "../rate-limits.ts";
import { zodBody } from "../validation.ts";

export const newsletterMessages = {
  subscribed: "Thanks! You're subscribed. Look out for study tips in your inbox.",
  alreadySubscribed: "You're already subscribed with this email. Thank you!",
} as const;

export const newsletterRoutes: FastifyPluginAsync<{ db: Db; rateLimits: RateLimits }> = async (
  app,
  { db, rateLimits },
) => {
  app.post<{ Body: NewsletterBody }>(
    "/api/v1/newsletter/",
    {
      ...zodBody(newsletterBodySchema, {
        summary: "Subscribe an email address to the newsletter",
        tags: ["newsletter"],
        response: {
          "2xx": {
            type: "object",
            properties: { message: { type: "string" } },
            required: ["message"],
          },
        },
      }),
      config: { rateLimit: rateLimits.newsletter },
    },
    async (request, reply) => {
      const inserted = await db
        .insert(newsletterSubscriptions)
        .values({ email: request.body.email, sourcePage: request.body.source ?? null })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscriptions.id });
      if (inserted.length === 0)
        return reply.code(200).send({ message: newsletterMessages.alreadySubscribed });
      return reply.code(201).send({ message: newsletterMessages.subscribed });
    },
  );
};
