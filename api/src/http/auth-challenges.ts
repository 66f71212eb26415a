import type { FastifyInstance, FastifyReply } from "fastify";
import { bearerOf } from "./guards.ts";

/**
 * What a 401 asks for (RFC 9110 §15.5.2: a 401 carries WWW-Authenticate): a bearer token
 * (RFC 6750 §3), in the realm that names the service.
 */
export const bearerChallenge = 'Bearer realm="YSP"';

/** The challenge when a token came and was refused: expired, revoked, forged or of another kind. */
export const invalidTokenChallenge = `${bearerChallenge}, error="invalid_token"`;

/** Refuses a token that came in the body, as the refresh does: the header the bearer's would get. */
export const refuseTokenInBody = (reply: FastifyReply) =>
  reply.header("WWW-Authenticate", invalidTokenChallenge);

/**
 * Every 401, the API's JSON and the pages' answers alike, names its challenge; one that came with
 * an `Authorization: Bearer` header says the token was refused.
 */
export function registerAuthChallenges(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode === 401 && !reply.hasHeader("WWW-Authenticate"))
      reply.header(
        "WWW-Authenticate",
        bearerOf(request) === undefined ? bearerChallenge : invalidTokenChallenge,
      );
    return payload;
  });
}
