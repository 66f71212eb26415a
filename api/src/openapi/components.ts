import {
  type ApiErrorCode,
  apiErrorBodySchema,
  apiErrorCodes,
  apiErrorItemSchema,
  dataAccessSchema,
  downloadAccountSchema,
  downloadConsentSchema,
  downloadDataRequestSchema,
  downloadEmailSchema,
  downloadGuardianRequestSchema,
  downloadLinkSchema,
  downloadNewsletterSchema,
  downloadReferralsSchema,
  downloadSessionSchema,
  downloadSignInProviderSchema,
  downloadStaffLookSchema,
  loginResponseSchema,
  messageResponseSchema,
  publicUserSchema,
  sessionListSchema,
  sessionSchema,
  tokenPairSchema,
  yourDataDownloadSchema,
} from "@ysp/contract";
import * as z from "zod/mini";

/**
 * The API's named types, each the contract's schema under the name a generated client gives
 * its type (components.schemas in the document). A schema named here is written once and
 * referenced wherever an answer carries it, within another named one too (a LoginAnswer's
 * `user` is a User). Names are public: a client's code says them, so one never changes in v1.
 */
const names = new Map<z.ZodMiniType, { id: string; description?: string }>([
  [
    apiErrorItemSchema.shape.code,
    {
      id: "ApiErrorCode",
      // Each answer lists the codes it can carry; what each means is said here, once.
      description: Object.entries(apiErrorCodes)
        .map(([code, meaning]) => `${code}: ${meaning}`)
        .join("\n"),
    },
  ],
  [apiErrorBodySchema.shape.type, { id: "ApiErrorType" }],
  [apiErrorItemSchema, { id: "ApiErrorItem" }],
  [tokenPairSchema, { id: "TokenPair" }],
  [publicUserSchema, { id: "User" }],
  [loginResponseSchema, { id: "LoginAnswer" }],
  [sessionSchema, { id: "Session" }],
  [sessionListSchema, { id: "SessionList" }],
  [messageResponseSchema, { id: "Message" }],
  [dataAccessSchema, { id: "DataAccess" }],
  [yourDataDownloadSchema, { id: "YourData" }],
  [downloadAccountSchema, { id: "YourDataAccount" }],
  [downloadReferralsSchema, { id: "YourDataReferrals" }],
  [downloadSessionSchema, { id: "YourDataSession" }],
  [downloadLinkSchema, { id: "YourDataLink" }],
  [downloadEmailSchema, { id: "YourDataEmail" }],
  [downloadConsentSchema, { id: "YourDataConsent" }],
  [downloadGuardianRequestSchema, { id: "YourDataGuardianRequest" }],
  [downloadNewsletterSchema, { id: "YourDataNewsletter" }],
  [downloadDataRequestSchema, { id: "YourDataRequest" }],
  [downloadSignInProviderSchema, { id: "YourDataSignInProvider" }],
  [downloadStaffLookSchema, { id: "YourDataStaffLook" }],
]);

const registry = z.registry<{ id: string; description?: string }>();
for (const [schema, meta] of names) registry.add(schema, meta);

/**
 * The error shape with `code` narrowed to the codes an answer can carry: the named item, its
 * `code` one of these (a client compares it with no cast), what each means said once in the
 * named ApiErrorCode.
 */
const refusalSchema = (codes: readonly ApiErrorCode[]) => ({
  type: "object",
  required: ["type", "errors"],
  properties: {
    type: refTo(apiErrorBodySchema.shape.type),
    errors: {
      type: "array",
      items: {
        allOf: [refTo(apiErrorItemSchema)],
        properties: { code: { type: "string", enum: codes } },
      },
    },
  },
});

/**
 * The refusals most operations answer alike, named once: 5 names where each was written
 * out 20 to 29 times. An operation's own refusals (a 400's fields, a 401's) stay in place.
 */
const commonRefusals = {
  PayloadTooLarge: ["payload_too_large"],
  UnsupportedMediaType: ["unsupported_media_type"],
  Throttled: ["throttled"],
  ServerError: ["server_error"],
  Unavailable: ["database_unavailable", "server_stopping"],
} as const satisfies Record<string, readonly ApiErrorCode[]>;

const codeSet = (codes: readonly ApiErrorCode[]) => [...codes].sort().join(" ");

/** The schema of a refusal carrying `codes`: by its name if it is a common one. */
export function refusalSchemaOf(codes: readonly ApiErrorCode[]) {
  const common = Object.entries(commonRefusals).find(
    ([, named]) => codeSet(named) === codeSet(codes),
  );
  return common ? { $ref: common[0] } : refusalSchema(codes);
}

/**
 * Every named schema as JSON Schema with its name as `$id`, and the named ones it contains as
 * `$ref`s to their names: for `app.addSchema`, so Fastify serialises answers by them, and
 * @fastify/swagger writes them as components.schemas (server.ts keeps their names).
 */
export function sharedSchemas(): Record<string, unknown>[] {
  const { schemas } = z.toJSONSchema(registry, { metadata: registry, uri: (id) => id });
  // Fastify's own validator reads draft-07; the dialect is the document's to say.
  const contract = Object.values(schemas).map(({ $schema: _dialect, ...schema }) => schema);
  const refusals = Object.entries(commonRefusals).map(([$id, codes]) => ({
    $id,
    ...refusalSchema(codes),
  }));
  return [...contract, ...refusals];
}

/** A reference to a named schema, as route schemas carry it; an unnamed one fails at start. */
export function refTo(schema: z.ZodMiniType): { $ref: string } {
  const id = names.get(schema)?.id;
  if (!id) throw new Error("An answer's schema has no name in api/src/openapi/components.ts");
  return { $ref: id };
}

/** For @fastify/swagger: a shared schema is components.schemas' entry of its own name. */
export const namedRefs = {
  buildLocalReference: (json: { $id?: unknown }) => String(json.$id),
};
