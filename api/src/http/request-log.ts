import { googleSignIn, linkTokenParameter } from "@ysp/contract";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

declare module "fastify" {
  interface FastifyRequest {
    /** Facts a handler adds to its request's log line, such as the id of a new student. */
    logFields: Record<string, unknown> | null;
  }
}

/**
 * One log line per request, written once the answer is sent, with what the
 * handler added to it. Fastify's default writes a line on arrival too, and the
 * sign-up handler's own line made three a sign-up: one says the same in a
 * third of the log, and at a sign-up peak every line's CPU is taken from
 * password hashing.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = {
      req: request,
      res: reply,
      responseTime: reply.elapsedTime,
      ...request.logFields,
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

/** A query parameter's name as the query parser reads it: "%74oken" and "token" are one. */
function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return raw;
  }
}

/**
 * What an identity provider sends back to the callback (auth/google.ts): the code, and the state
 * that ties it to one browser. Neither is of use without the other and that browser's cookie,
 * but neither belongs in a log.
 */
const providerAnswerParameters = new Set(["code", "state"]);

const isSecret = (path: string, name: string) =>
  name === linkTokenParameter ||
  (path === googleSignIn.callback && providerAnswerParameters.has(name));

/**
 * The URL with the value of every parameter the app reads as a secret left out, however its
 * name is spelt: a link's token in a log would let whoever reads it open another person's link.
 */
function withoutToken(url: string): string {
  const start = url.indexOf("?");
  if (start < 0) return url;
  const path = url.slice(0, start);
  const pairs = url
    .slice(start + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0] ?? "";
      return isSecret(path, parameterName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, start)}?${pairs.join("&")}`;
}

/**
 * A request as its log line shows it: the address it came to (a page's, for a form posted there,
 * not the route that answered it), less the token of a link from a message.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutToken(request.originalUrl),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
