/**
 * The parts of an OpenAPI 3.1 document the reference reads. Every field is optional as far as
 * the page is concerned: a document that leaves one out gets a page without that part.
 */

/** A JSON Schema, as @fastify/swagger and zod write them. */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
};

export type Example = { summary?: string; description?: string; value?: unknown };

export type MediaType = { schema?: Schema; example?: unknown; examples?: Record<string, Example> };

export type Header = { description?: string; required?: boolean; schema?: Schema };

export type Response = {
  description?: string;
  headers?: Record<string, Header>;
  content?: Record<string, MediaType>;
};

export type Parameter = Header & { name: string; in: string };

export type RequestBody = {
  description?: string;
  required?: boolean;
  content?: Record<string, MediaType>;
};

/** Alternatives; within one, every scheme named is needed. */
export type Security = Record<string, string[]>[];

export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  security?: Security;
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses?: Record<string, Response>;
};

export type SecurityScheme = {
  type: string;
  description?: string;
  scheme?: string;
  bearerFormat?: string;
  name?: string;
  in?: string;
};

export type ApiDocument = {
  openapi?: string;
  info: {
    title: string;
    version: string;
    description?: string;
    license?: { name: string; url?: string };
  };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  security?: Security;
  paths?: Record<string, Record<string, unknown>>;
  components?: { securitySchemes?: Record<string, SecurityScheme> };
};

const httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** One operation: a method on a path, with where the page puts it. */
export type Entry = { method: string; path: string; operation: Operation; anchor: string };

/** Each operation of the document in its order, with an anchor: its operationId where it has one. */
export function operations(document: ApiDocument): Entry[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    httpMethods
      .filter((method) => item[method])
      .map((method) => {
        const operation = item[method] as Operation;
        const anchor =
          operation.operationId ??
          `${method}${path.replace(/[^A-Za-z0-9]+/g, "-")}`.replace(/-$/, "");
        return { method, path, operation, anchor };
      }),
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value a local JSON pointer ("#/components/schemas/Student") names, if any. */
function pointer(root: unknown, ref: string): unknown {
  let value = root;
  for (const part of ref.slice(2).split("/")) {
    const key = decodeURIComponent(part).replaceAll("~1", "/").replaceAll("~0", "~");
    value = isObject(value) ? value[key] : undefined;
  }
  return value;
}

/**
 * The document with every local `$ref` replaced by what it names, so the page reads one tree.
 * A reference inside its own target (a recursive schema) is left as it is, and the page shows
 * its name.
 */
export function inlineRefs<T>(document: T): T {
  const inline = (value: unknown, within: readonly string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => inline(item, within));
    if (!isObject(value)) return value;
    const { $ref, ...siblings } = value;
    if (typeof $ref === "string" && $ref.startsWith("#/") && !within.includes($ref)) {
      const target = pointer(document, $ref);
      if (isObject(target))
        return {
          ...(inline(target, [...within, $ref]) as object),
          ...(inline(siblings, within) as object),
        };
    }
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, inline(v, within)]));
  };
  return inline(document, []) as T;
}
