import { escapeHtml } from "../../pages/escape-html.ts";
import type { Header, MediaType } from "./document.ts";
import { block, code, inline, prose } from "./html.ts";
import {
  type Constraint,
  constraints,
  type ErrorShape,
  errorShape,
  type Field,
  fields,
  shapes,
  typeName,
} from "./schema-fields.ts";

const constraintHtml = ({ words, values }: Constraint) =>
  values ? `${escapeHtml(words)} ${values.map(code).join(", ")}` : escapeHtml(words);

/** Fields as a list of terms: the name, then its type, whether it is required, its rules. */
export function fieldList(list: readonly Field[]): string {
  const items = list.map((field) => {
    const facts = [
      `<span class="type">${escapeHtml(field.type)}</span>`,
      field.required ? "<strong>required</strong>" : "optional",
      ...field.constraints.map(constraintHtml),
    ].join(" · ");
    const about = field.description && `<dd>${prose(field.description)}</dd>`;
    return `<div class="d${Math.min(field.depth, 3)}"><dt>${code(field.name)}</dt><dd>${facts}</dd>${about || ""}</div>`;
  });
  return list.length > 0 ? block('<dl class="fields">', ...items, "</dl>") : "";
}

/** A field that is not in a body: a parameter or a header, with its schema. */
export const loneField = (
  name: string,
  { description, required, schema = {} }: Header,
  where: Constraint[] = [],
): Field => ({
  name,
  depth: 0,
  type: typeName(schema),
  required: required ?? false,
  constraints: [...where, ...constraints(schema)],
  description: description ?? schema.description,
});

/** An example as shown: its title is HTML already. */
type Shown = { title: string; about?: string; value: unknown };

/** A media type's examples: its named ones, and its single `example` unless it repeats one. */
function examplesOf(media: MediaType): Shown[] {
  const named: Shown[] = Object.entries(media.examples ?? {}).map(([name, example]) => ({
    title: example.summary ? inline(example.summary) : code(name),
    about: example.description,
    value: example.value,
  }));
  const same = (value: unknown) => JSON.stringify(value) === JSON.stringify(media.example);
  if (media.example !== undefined && !named.some(({ value }) => same(value)))
    named.unshift({ title: "", value: media.example });
  return named;
}

const exampleHtml = ({ title, about, value }: Shown, open: boolean) =>
  `<details${open ? " open" : ""}><summary>Example${title && `: ${title}`}</summary>${prose(about)}<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre></details>`;

/** The first code an example of an error answer carries. */
function firstCode(value: unknown): string | undefined {
  const errors = (value as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.length > 0 ? String(errors[0]?.code) : undefined;
}

/**
 * An error answer: its codes at a glance, and on opening what each means (from the code's
 * description, a line "code: meaning" each, where the codes of other answers may be too) with
 * the examples that carry it.
 */
function errorHtml({ types, codes, about }: ErrorShape, examples: readonly Shown[]): string {
  const meanings = new Map<string, string>();
  const rest: string[] = [];
  for (const line of (about ?? "").split("\n")) {
    const [, name = "", meaning = ""] = /^(\S+):\s*(.+)$/.exec(line) ?? [];
    if (!name) rest.push(line);
    else if (codes.includes(name)) meanings.set(name, meaning);
  }
  const items = codes.map((name) => {
    const meaning = meanings.get(name);
    const own = examples.filter(({ value }) => firstCode(value) === name);
    // A code's one example needs no title: the code and its meaning are just before it.
    const shown = own.map((example) =>
      exampleHtml(own.length === 1 ? { ...example, title: "" } : example, false),
    );
    return `<li>${code(name)}${meaning ? `: ${inline(meaning)}` : ""}${shown.join("")}</li>`;
  });
  // A schema that allows every type says nothing of this answer's; its examples show it.
  const type =
    types.length === 1 && `<p>An <a href="#errors">error</a> of type ${code(types.join(""))}.</p>`;
  return block(
    `<details class="errors"><summary>Error ${codes.length === 1 ? "code" : "codes"}: ${codes.map(code).join(", ")}</summary>`,
    type,
    prose(rest.join("\n")),
    '<ul class="codes">',
    ...items,
    "</ul>",
    "</details>",
  );
}

/**
 * A body: the fields of each shape it can take; if one is the error shape, its codes; then
 * the examples not shown with a code, open or closed.
 */
export function bodyHtml(media: MediaType, openExamples: boolean): string {
  const examples = examplesOf(media);
  const schemas = media.schema ? shapes(media.schema) : [];
  const plain = schemas.filter((schema) => !errorShape(schema));
  const errors = schemas.map(errorShape).filter((shape) => shape !== undefined);
  const error: ErrorShape | undefined = errors[0] && {
    types: [...new Set(errors.flatMap((shape) => shape.types))],
    codes: [...new Set(errors.flatMap((shape) => shape.codes))],
    about: errors.map((shape) => shape.about ?? "").join("\n"),
  };
  const shapesHtml = plain.map((schema) => {
    const list = fields(schema);
    const cs = constraints(schema).map(constraintHtml);
    return block(
      prose(schema.description),
      list.length > 0
        ? fieldList(list)
        : typeName(schema) !== "any" &&
            `<p>A <span class="type">${escapeHtml(typeName(schema))}</span>${cs.length > 0 ? ` · ${cs.join(" · ")}` : ""}</p>`,
    );
  });
  if (error) shapesHtml.push(errorHtml(error, examples));
  const alone = examples.filter(({ value }) => !error?.codes.includes(firstCode(value) ?? ""));
  return block(
    shapesHtml.filter(Boolean).join("\n<p>Or:</p>\n"),
    ...alone.map((example) => exampleHtml(example, openExamples)),
  );
}
