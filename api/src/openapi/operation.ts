import {
  type ApiErrorBody,
  type ApiErrorCode,
  apiErrorCodes,
  type LinkProblem,
  linkProblems,
  serviceMessages,
} from "@ysp/contract";
import type { FastifySchema, FastifySchemaCompiler } from "fastify";
import * as z from "zod/mini";
import { bearerChallenge } from "../http/auth-challenges.ts";
import { errorType, fastifyCodes } from "../http/errors.ts";
import { validateBody, validationCodes, zodBody } from "../http/validation.ts";
import { refTo, refusalSchemaOf } from "./components.ts";

export type Example = { summary: string; value: unknown };

/** An answer when all goes well: its schema one of those named in components.ts. */
export type SuccessAnswer = {
  description: string;
  schema: z.ZodMiniType;
  examples: Record<string, Example>;
};

/** An answer with no body (204): done, and nothing to say. */
export type EmptyAnswer = { description: string };

/** A refusal of one operation's own: its sentence, and the field it is about. */
export type Refusal = { detail: string; attr?: string };

type RefusalStatus = 400 | 401 | 404 | 409 | 422 | 503;

export type Operation = {
  /** Stable: a generated client names its method after it. Never change one in v1. */
  operationId: string;
  summary: string;
  /** What it does and when to call it: every operation has one (Spectral's and Redocly's rules). */
  description: string;
  tag: string;
  /**
   * Who may call it: anyone, a logged-in student (bearer), the holder of a data token, or the
   * browser that has just signed up (its cookie).
   */
  security: "public" | "student" | "studentOrNone" | "dataAccess" | "signupCookie";
  /** A JSON body, checked by the contract's schema; 400, 413 and 415 come with it. */
  body?: { schema: z.ZodMiniType; examples: Record<string, Example> };
  /** The address's parameters (`:id` in the route), each with what it is. */
  params?: Record<string, string>;
  answers: Partial<Record<200 | 201 | 202, SuccessAnswer>> & { 204?: EmptyAnswer };
  /** The refusals this operation has beyond those every operation of its kind has. */
  refusals?: Partial<Record<RefusalStatus, Partial<Record<ApiErrorCode, Refusal>>>>;
  /** Counted by a rate limit: 429 with Retry-After. */
  limited: boolean;
};

const securityOf = {
  public: [],
  student: [{ bearerAuth: [] }],
  // With a bearer token, or without one, when the body proves the account another way (a
  // page's form: the address and its password).
  studentOrNone: [{ bearerAuth: [] }, {}],
  dataAccess: [{ dataAccess: [] }],
  signupCookie: [{ signupCookie: [] }],
} as const;

/** The refusals every operation of a kind has, with the sentences the API sends. */
const shared = {
  parse_error: { detail: fastifyCodes.FST_ERR_CTP_INVALID_JSON_BODY?.detail ?? "" },
  bad_request: { detail: fastifyCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH?.detail ?? "" },
  payload_too_large: { detail: fastifyCodes.FST_ERR_CTP_BODY_TOO_LARGE?.detail ?? "" },
  unsupported_media_type: { detail: fastifyCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE?.detail ?? "" },
  throttled: { detail: serviceMessages.tooManyAttempts(42_000) },
  database_unavailable: { detail: serviceMessages.unavailable },
  server_stopping: { detail: serviceMessages.stopping },
  server_error: { detail: serviceMessages.serverError },
} satisfies Partial<Record<ApiErrorCode, Refusal>>;

/** Every refusal of a mailed link's token, each about the field `token`. */
export const linkRefusals = (
  problems: readonly LinkProblem[] = Object.keys(linkProblems) as LinkProblem[],
) =>
  Object.fromEntries(
    problems.map((problem) => [problem, { detail: linkProblems[problem], attr: "token" }]),
  ) as Partial<Record<ApiErrorCode, Refusal>>;

const retryAfter = {
  "Retry-After": {
    type: "integer",
    minimum: 1,
    description: "Seconds to wait before sending the request again.",
  },
};

const wwwAuthenticate = {
  "WWW-Authenticate": {
    type: "string",
    description: `What the request must bring: \`${bearerChallenge}\`, with \`error="invalid_token"\` when the token it brought was refused.`,
  },
};

const statusWords: Record<number, string> = {
  400: "The request was refused as it is; `errors` says why, field by field.",
  401: "No valid credentials came with the request.",
  404: "The account has nothing at this address.",
  409: "The request cannot be done as the account or the address stands; `errors` says why.",
  422: "The request is well formed, but what it proves is not enough; `errors` says why.",
  413: "The body is too large.",
  415: "The body is not JSON.",
  429: "Too many requests from this address, or for this email address.",
  500: "Something failed on the server's side.",
  503: "The service cannot answer for now; send the request again after Retry-After.",
};

type Refusals = { codes: ApiErrorCode[]; examples: Partial<Record<ApiErrorCode, Refusal>> };

/** Refusals whose every code has an example. */
const exampled = (refusals: Partial<Record<ApiErrorCode, Refusal>>): Refusals => ({
  codes: Object.keys(refusals) as ApiErrorCode[],
  examples: refusals,
});

/** An error answer: the error shape with its codes narrowed, and an example of each code. */
function refusalAnswer(status: number, { codes, examples }: Refusals) {
  const schema = refusalSchemaOf(codes);
  const type = errorType(status);
  const named = Object.entries(examples).map(([code, { detail, attr = null }]) => {
    const value: ApiErrorBody = { type, errors: [{ code: code as ApiErrorCode, detail, attr }] };
    return [code, { summary: apiErrorCodes[code as ApiErrorCode], value }];
  });
  return {
    description: statusWords[status] ?? "",
    ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
    ...(status === 401 ? { headers: wwwAuthenticate } : {}),
    content: { "application/json": { schema, examples: Object.fromEntries(named) } },
  };
}

/** What the body's validator itself answers to an empty object: real sentences, real codes. */
function validationExamples(schema: z.ZodMiniType): Partial<Record<ApiErrorCode, Refusal>> {
  const { error } = validateBody(schema, {});
  return Object.fromEntries(
    (error?.items ?? []).map(({ code, detail, attr }) => [
      code,
      { detail, attr: attr ?? undefined },
    ]),
  );
}

/** An operation's refusals by status: its own, and those every operation of its kind has. */
function refusalsOf(op: Operation): Record<number, Refusals> {
  const own = op.refusals ?? {};
  const refusals: Record<number, Refusals> = {};
  if (op.body) {
    const fromValidator = validationExamples(op.body.schema);
    const alsoExampled = {
      parse_error: shared.parse_error,
      bad_request: shared.bad_request,
      ...own[400],
    };
    refusals[400] = {
      codes: [...validationCodes, ...(Object.keys(alsoExampled) as ApiErrorCode[])],
      examples: { ...fromValidator, ...alsoExampled },
    };
    refusals[413] = exampled({ payload_too_large: shared.payload_too_large });
    refusals[415] = exampled({ unsupported_media_type: shared.unsupported_media_type });
  } else if (own[400]) refusals[400] = exampled(own[400]);
  for (const status of [401, 404, 409, 422] as const)
    if (own[status]) refusals[status] = exampled(own[status]);
  if (op.limited) refusals[429] = exampled({ throttled: shared.throttled });
  refusals[500] = exampled({ server_error: shared.server_error });
  refusals[503] = exampled({
    ...own[503],
    database_unavailable: shared.database_unavailable,
    server_stopping: shared.server_stopping,
  });
  return refusals;
}

type Responses = Record<
  string,
  | {
      description: string;
      headers?: typeof retryAfter | typeof wwwAuthenticate;
      content: { "application/json": { schema: unknown; examples: Record<string, unknown> } };
    }
  // @fastify/swagger documents a `null` answer as one without content.
  | { description: string; type: "null" }
>;

/** Every answer of an operation by status: its successes, and its refusals in the error shape. */
function responsesOf(op: Operation): Responses {
  const response: Responses = {};
  for (const [status, codes] of Object.entries(refusalsOf(op)))
    response[status] = refusalAnswer(Number(status), codes);
  const { 204: empty, ...answers } = op.answers;
  if (empty) response[204] = { description: empty.description, type: "null" };
  for (const [status, answer] of Object.entries(answers))
    response[status] = {
      description: answer.description,
      content: { "application/json": { schema: refTo(answer.schema), examples: answer.examples } },
    };
  return response;
}

/** The address's parameters as JSON Schema: each a string, each required. */
const paramsSchema = (params: Record<string, string>) => ({
  type: "object",
  properties: Object.fromEntries(
    Object.entries(params).map(([name, description]) => [name, { type: "string", description }]),
  ),
  required: Object.keys(params),
});

/**
 * A route's OpenAPI description and body validation, from one statement of the operation:
 * its answers, and every refusal it can meet, each with the codes a client switches on.
 */
export function operation(op: Operation): {
  schema: FastifySchema;
  validatorCompiler?: FastifySchemaCompiler<unknown>;
} {
  const schema: FastifySchema = {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    security: [...securityOf[op.security]],
    ...(op.params ? { params: paramsSchema(op.params) } : {}),
    response: responsesOf(op),
  };
  if (!op.body) return { schema };
  const body = op.body.schema;
  return {
    schema: {
      ...schema,
      // @fastify/swagger moves "x-examples" from a body's schema to its media type's examples.
      body: {
        ...z.toJSONSchema(body, { io: "input", unrepresentable: "any" }),
        "x-examples": op.body.examples,
      },
    },
    validatorCompiler: zodBody(body).validatorCompiler,
  };
}
