import { apiErrorBodySchema } from "@ysp/contract";
import type { FastifySchema, FastifySchemaCompiler } from "fastify";
import * as z from "zod/mini";
import { BodyValidationError } from "./errors.ts";

/**
 * Route options that validate the body with a contract's zod schema (for its
 * messages and its trimming) while the JSON Schema drawn from it documents
 * the route in the OpenAPI document.
 */
export function zodBody<T extends z.ZodMiniType>(schema: T, extra: FastifySchema = {}) {
  const validatorCompiler: FastifySchemaCompiler<unknown> =
    ({ httpPart }) =>
    (data) => {
      if (httpPart !== "body") return { value: data };
      if (typeof data !== "object" || data === null || Array.isArray(data)) {
        return {
          error: new BodyValidationError([
            { code: "invalid", detail: "The request body must be a JSON object.", attr: null },
          ]),
        };
      }
      const result = schema.safeParse(data);
      if (result.success) return { value: result.data };
      const seen = new Set<string>();
      const items = result.error.issues.flatMap((issue) => {
        const attr = issue.path.length > 0 ? issue.path.join(".") : null;
        const key = attr ?? "";
        if (seen.has(key)) return [];
        seen.add(key);
        return [
          { code: issue.code === "custom" ? "invalid" : issue.code, detail: issue.message, attr },
        ];
      });
      return { error: new BodyValidationError(items) };
    };
  return {
    schema: { ...extra, body: z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) },
    validatorCompiler,
  };
}

/**
 * A contract's answer schema as a route's response schema: Fastify serialises
 * the answer with it (only the fields it names leave the server) and the
 * OpenAPI document describes the answer by it.
 */
export const zodResponse = (schema: z.ZodMiniType) => z.toJSONSchema(schema, { io: "output" });

/** The error shape as the response schema of every 4xx and 5xx answer. */
export const errorResponses = {
  "4xx": zodResponse(apiErrorBodySchema),
  "5xx": zodResponse(apiErrorBodySchema),
} as const;
