import type { Schema } from "./document.ts";

/** A rule a value keeps, in words; its `values` are shown as code: "one of", `"a"`, `"b"`. */
export type Constraint = { words: string; values?: string[] };

export type Field = {
  /** Its path in the body: `email`, `user.email`, `errors[].code`. */
  name: string;
  /** How far it is nested: 0 for the body's own fields. */
  depth: number;
  type: string;
  required: boolean;
  constraints: Constraint[];
  description?: string;
};

const unique = <T>(items: T[]) => [...new Set(items)];

const alternatives = (schema: Schema) => schema.anyOf ?? schema.oneOf ?? [];

/**
 * A schema with its `allOf` parts folded in: their properties and required fields together,
 * a property two parts describe folded too (an error item's `code`, its meanings from the
 * named ApiErrorCode and its values narrowed by the answer).
 */
function merged(schema: Schema): Schema {
  if (!schema.allOf) return schema;
  const { allOf, ...own } = schema;
  const parts = [...allOf.map(merged), own];
  const names = new Set(parts.flatMap((part) => Object.keys(part.properties ?? {})));
  const properties = Object.fromEntries(
    [...names].map((name) => {
      const each = parts.flatMap((part) => part.properties?.[name] ?? []);
      return [name, each.length === 1 ? each[0] : merged({ allOf: each })];
    }),
  );
  return {
    ...Object.assign({}, ...parts),
    ...(names.size > 0 ? { properties } : {}),
    required: parts.flatMap((part) => part.required ?? []),
  };
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (Number.isInteger(value)) return "integer";
  return typeof value;
}

/** What a value is, in a few words: "string", "string or null", "array of object". */
export function typeName(input: Schema): string {
  const schema = merged(input);
  // A reference left in place is a recursive schema: its name is all there is to say.
  if (schema.$ref) return schema.$ref.split("/").at(-1) ?? schema.$ref;
  if (schema.const !== undefined) return jsonType(schema.const);
  if (schema.type) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    return types
      .map((type) =>
        type === "array" && schema.items ? `array of ${typeName(schema.items)}` : type,
      )
      .join(" or ");
  }
  const either = alternatives(schema);
  if (either.length > 0) return unique(either.map(typeName)).join(" or ");
  if (schema.enum) return unique(schema.enum.map(jsonType)).join(" or ");
  if (schema.properties) return "object";
  return "any";
}

/** "8–128 characters", "at most 254 characters", "at least 1 item". */
function count(unit: string, min = 0, max?: number): Constraint[] {
  const units = (n: number) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (max === undefined) return min > 0 ? [{ words: `at least ${units(min)}` }] : [];
  if (min === max) return [{ words: `exactly ${units(max)}` }];
  return [{ words: min > 0 ? `${min}–${units(max)}` : `at most ${units(max)}` }];
}

function bounds(schema: Schema): Constraint[] {
  const low =
    schema.minimum !== undefined
      ? `at least ${schema.minimum}`
      : schema.exclusiveMinimum !== undefined && `more than ${schema.exclusiveMinimum}`;
  const high =
    schema.maximum !== undefined
      ? `at most ${schema.maximum}`
      : schema.exclusiveMaximum !== undefined && `less than ${schema.exclusiveMaximum}`;
  const words = [low, high].filter(Boolean).join(" and ");
  return words ? [{ words }] : [];
}

/** The rules a value keeps beyond its type, each in words, its alternatives' included. */
export function constraints(input: Schema): Constraint[] {
  const schema = merged(input);
  const json = (value: unknown) => JSON.stringify(value);
  const found: Constraint[] = [];
  if (schema.enum) found.push({ words: "one of", values: schema.enum.map(json) });
  if (schema.const !== undefined) found.push({ words: "always", values: [json(schema.const)] });
  if (schema.format) found.push({ words: "format", values: [schema.format] });
  // zod writes its format's own regular expression beside it: the format's name says it in a word.
  else if (schema.pattern) found.push({ words: "matches", values: [schema.pattern] });
  found.push(...count("character", schema.minLength, schema.maxLength));
  found.push(...bounds(schema));
  found.push(...count("item", schema.minItems, schema.maxItems));
  if (schema.uniqueItems) found.push({ words: "no item twice" });
  if (schema.default !== undefined)
    found.push({ words: "default", values: [json(schema.default)] });
  if (schema.deprecated) found.push({ words: "deprecated" });
  if (schema.readOnly) found.push({ words: "read-only" });
  if (schema.writeOnly) found.push({ words: "write-only" });
  // An array of plain values: the rules of each. Objects in it get fields of their own.
  if (schema.items && fields(schema.items).length === 0)
    found.push(...constraints(schema.items).map((c) => ({ ...c, words: `each ${c.words}` })));
  for (const constraint of alternatives(schema).flatMap(constraints))
    if (!found.some((c) => JSON.stringify(c) === JSON.stringify(constraint)))
      found.push(constraint);
  return found;
}

/**
 * A body's fields, each nested one right after its parent and named by its path: the
 * properties of objects, of the objects in arrays (`errors[].code`), and of each alternative.
 */
export function fields(body: Schema): Field[] {
  const found: Field[] = [];
  const walk = (input: Schema, prefix: string, depth: number) => {
    const schema = merged(input);
    for (const part of [schema, ...alternatives(schema).map(merged)]) {
      for (const [key, property] of Object.entries(part.properties ?? {})) {
        const name = prefix + key;
        if (found.some((field) => field.name === name)) continue;
        const own = merged(property);
        found.push({
          name,
          depth,
          type: typeName(own),
          required: part.required?.includes(key) ?? false,
          constraints: constraints(own),
          description: own.description,
        });
        walk(own, `${name}.`, depth + 1);
      }
      if (part.items) walk(part.items, `${prefix.replace(/\.$/, "")}[].`, depth);
    }
  };
  walk(body, "", 0);
  return found;
}

/** The values a schema allows when it lists them (enum, const, or its alternatives'). */
function listed(input: Schema): string[] {
  const schema = merged(input);
  if (schema.enum) return schema.enum.map(String);
  if (schema.const !== undefined) return [String(schema.const)];
  return unique(alternatives(schema).flatMap(listed));
}

/**
 * An answer in the API's one error shape, `{type, errors: [{code, detail, attr}]}`: the types
 * and codes it can carry, and what the code's schema says of them.
 */
export type ErrorShape = { types: string[]; codes: string[]; about?: string };

export function errorShape(input: Schema): ErrorShape | undefined {
  const schema = merged(input);
  const items = schema.properties?.errors?.items;
  const code = items && merged(items).properties?.code;
  if (!schema.properties?.type || !code) return undefined;
  return {
    types: listed(schema.properties.type),
    codes: listed(code),
    about: merged(code).description,
  };
}

/** A body's possible shapes: the alternatives of one that is either of several, or itself. */
export const shapes = (body: Schema): Schema[] =>
  !body.properties && alternatives(body).length > 0 ? alternatives(body) : [body];
