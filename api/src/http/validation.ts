import type { ApiErrorCode, ApiErrorItem } from "@ysp/contract";
import type { FastifySchemaCompiler } from "fastify";
import * as z from "zod/mini";
import { BodyValidationError } from "./errors.ts";

/**
 * The codes a body's validation answers, each kept as zod names it; any other rule broken
 * (a refinement of ours among them) is "invalid", so the list a client switches on is closed.
 */
export const validationCodes = [
  "invalid",
  "invalid_type",
  "invalid_value",
  "invalid_format",
  "too_small",
  "too_big",
] as const satisfies readonly ApiErrorCode[];

const validationCode = (code: string): ApiErrorCode =>
  (validationCodes as readonly string[]).includes(code) ? (code as ApiErrorCode) : "invalid";

/** The request's body as a route's validator reads it: one entry per field, in the API's shape. */
export function validateBody(
  schema: z.ZodMiniType,
  data: unknown,
): { value?: unknown; error?: BodyValidationError } {
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return {
      error: new BodyValidationError([
        { code: "invalid", detail: "The request body must be a JSON object.", attr: null },
      ]),
    };
  }
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data };
  return { error: new BodyValidationError(itemsOf(result.error.issues)) };
}

/** A schema's refusals in the API's shape: the first for each field, named by its path. */
export function itemsOf(issues: readonly z.core.$ZodIssue[]): ApiErrorItem[] {
  const seen = new Set<string>();
  return issues.flatMap((issue) => {
    const attr = issue.path.length > 0 ? issue.path.join(".") : null;
    const key = attr ?? "";
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ code: validationCode(issue.code), detail: issue.message, attr }];
  });
}

/**
 * Route options that validate the body with a contract's zod schema (for its messages and its
 * trimming). For a page's own form post, which the API's document does not describe.
 */
export function zodBody<T extends z.ZodMiniType>(schema: T) {
  const validatorCompiler: FastifySchemaCompiler<unknown> =
    ({ httpPart }) =>
    (data) =>
      httpPart === "body" ? validateBody(schema, data) : { value: data };
  return {
    schema: { body: z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) },
    validatorCompiler,
  };
}

/**
 * A contract's answer schema as JSON Schema, for the probes (routes/health.ts), which the
 * document leaves out: Fastify serialises the answer with it, so only the fields it names leave
 * the server. The API's operations answer by the named schemas of openapi/components.ts.
 */
export const zodResponse = (schema: z.ZodMiniType) => z.toJSONSchema(schema, { io: "output" });
