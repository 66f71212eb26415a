import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { answerFrameWords } from "@ysp/content/answers";
import {
  type ApiErrorBody,
  type ApiErrorCode,
  type ApiErrorItem,
  serviceMessages,
} from "@ysp/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { sendFormAgain } from "../pages/form-again.ts";
import { formPagePath, isFormPost, sendAnswerPage } from "../pages/form-posts.ts";
import { bodyLimit } from "./body-limit.ts";
import { CookieSentTwiceError } from "./cookies.ts";

export function errorBody(type: ApiErrorBody["type"], errors: ApiErrorItem[]): ApiErrorBody {
  return { type, errors };
}

/** An error answer's `type`, from its status alone: every answer and the API's document use it. */
export const errorType = (status: number): ApiErrorBody["type"] =>
  status >= 500 ? "server_error" : status === 400 ? "validation_error" : "client_error";

const pageTitle = (status: number) =>
  status === 429 || status === 503
    ? answerFrameWords.titles.wait
    : status >= 500
      ? answerFrameWords.titles.failed
      : answerFrameWords.titles.mistake;

/**
 * A browser opening one of the site's pages (a link in a message opens one the server fills
 * from the database), as against a client of the API.
 */
const isPageVisit = (request: FastifyRequest) =>
  request.method === "GET" &&
  !request.url.startsWith("/api/") &&
  (request.headers.accept ?? "").includes("text/html");

/**
 * Sends an error in the API's shape, or, to a plain form post, as a page with
 * the same sentences and a way back to the form; to a page visit, the same page
 * with a way to open it again.
 */
function sendErrorBody(reply: FastifyReply, status: number, body: ApiErrorBody): FastifyReply {
  const lines = body.errors.map((item) => item.detail);
  if (isFormPost(reply.request)) {
    // A field's mistake: the form's own page again, what was typed kept, the message under it.
    if (status === 400 && sendFormAgain(reply, body.errors)) return reply;
    return sendAnswerPage(reply, status, {
      title: pageTitle(status),
      lines,
      link: {
        href: formPagePath(reply.request),
        text: answerFrameWords.links.backToForm,
        back: true,
      },
    });
  }
  if (isPageVisit(reply.request)) {
    // A path of this site only, never "//host", which a browser would take for another site.
    const again = /^\/(?!\/)/.test(reply.request.url) ? reply.request.url : "/";
    return sendAnswerPage(reply, status, {
      title: pageTitle(status),
      lines,
      link: { href: again, text: answerFrameWords.links.tryAgain },
    });
  }
  return reply.code(status).type("application/json; charset=utf-8").send(body);
}

export type ErrorAnswer = {
  status: number;
  code: ApiErrorCode;
  /** A sentence for the student: the site shows it as it is. */
  detail: string;
  /** The request field the error is about, or none. */
  attr?: string | null;
};

/** Answers one error: `type` follows from the status. */
export function sendError(
  reply: FastifyReply,
  { status, code, detail, attr = null }: ErrorAnswer,
): FastifyReply {
  return sendErrorBody(reply, status, errorBody(errorType(status), [{ code, detail, attr }]));
}

/** A validation failure from a route's body validator: one entry per field. */
export class BodyValidationError extends Error {
  readonly items: ApiErrorItem[];
  constructor(items: ApiErrorItem[]) {
    super(items[0]?.detail ?? "Invalid request body");
    this.items = items;
  }
}

/** Fastify's own refusals of a body, in the API's words. */
export const fastifyCodes: Record<string, { status: number; code: ApiErrorCode; detail: string }> =
  {
    FST_ERR_CTP_INVALID_MEDIA_TYPE: {
      status: 415,
      code: "unsupported_media_type",
      detail: "Send the request body as JSON (Content-Type: application/json).",
    },
    FST_ERR_CTP_BODY_TOO_LARGE: {
      status: 413,
      code: "payload_too_large",
      detail: `The request body is too large. It must be at most ${bodyLimit / 1024} KB.`,
    },
    FST_ERR_CTP_INVALID_JSON_BODY: {
      status: 400,
      code: "parse_error",
      detail: "The request body is not valid JSON.",
    },
    FST_ERR_CTP_EMPTY_JSON_BODY: {
      status: 400,
      code: "parse_error",
      detail: "The request body is empty. Send a JSON object.",
    },
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
      status: 400,
      code: "bad_request",
      detail: "The Content-Length header does not match the body.",
    },
  };

/**
 * How long a client is asked to wait when the database is down or slow: a restarted
 * PostgreSQL is back within seconds, and the API answers as soon as it is (no restart).
 */
export const unavailableRetrySeconds = 5;

const notUnderstood = "The request could not be understood.";

/** The status and body an error is answered with, and any header that goes with them. */
function errorAnswer(
  error: FastifyError,
  reply: FastifyReply,
  unavailable: () => void,
): [number, ApiErrorBody] {
  const request = reply.request;
  if (error instanceof BodyValidationError)
    return [400, errorBody("validation_error", error.items)];
  const answer = (status: number, code: ApiErrorCode, detail: string): [number, ApiErrorBody] => [
    status,
    errorBody(errorType(status), [{ code, detail, attr: null }]),
  ];
  const known = error.code ? fastifyCodes[error.code] : undefined;
  if (known) return answer(known.status, known.code, known.detail);
  if (error instanceof CookieSentTwiceError) {
    // The cookie's name only: its values are the student's (and a stranger's) sessions.
    request.logFields = { ...request.logFields, cookieTwice: error.cookie };
    return answer(400, "cookie_twice", serviceMessages.cookieTwice);
  }
  if (error instanceof SyntaxError)
    return answer(400, "parse_error", fastifyCodes.FST_ERR_CTP_INVALID_JSON_BODY?.detail ?? "");
  if (error.statusCode === 429) {
    // The rate-limit plugin throws the body its errorResponseBuilder made, status and all.
    const { type, errors } = error as unknown as ApiErrorBody;
    return [429, { type, errors }];
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return answer(error.statusCode, "bad_request", notUnderstood);
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, "database unavailable");
    unavailable();
    reply.header("Retry-After", String(unavailableRetrySeconds));
    return answer(503, "database_unavailable", serviceMessages.unavailable);
  }
  request.log.error({ err: error }, "request failed");
  return answer(500, "server_error", serviceMessages.serverError);
}

/**
 * Every error leaves with a sentence for people (see sendErrorBody).
 * Unexpected errors are logged in full and answered with no detail of ours. `unavailable` is
 * told of each 503 for the database (ysp_database_unavailable_total).
 */
export function registerErrorHandler(app: FastifyInstance, unavailable: () => void) {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const [status, body] = errorAnswer(error, reply, unavailable);
    return sendErrorBody(reply, status, body);
  });
}

/**
 * What a connection gets when Node refuses its request before Fastify reads it, in the API's
 * shape as every other exit: too slow to arrive (408: the time-outs in config.ts), headers too
 * large (431), or not HTTP (400). Written to the socket, which is then closed, as Fastify's own
 * handler does.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  // Reset or already closed: there is nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, item]: [number, ApiErrorItem] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, { code: "request_timeout", detail: serviceMessages.tooSlow, attr: null }]
      : [
          error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400,
          { code: "bad_request", detail: notUnderstood, attr: null },
        ];
  const body = JSON.stringify(errorBody(errorType(status), [item]));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
