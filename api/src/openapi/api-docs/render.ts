import { STATUS_CODES } from "node:http";
import { escapeHtml } from "../../pages/escape-html.ts";
import { bodyHtml, fieldList, loneField } from "./bodies.ts";
import {
  type ApiDocument,
  type Entry,
  inlineRefs,
  operations,
  type Parameter,
  type RequestBody,
  type Response,
  type Schema,
  type Security,
  type SecurityScheme,
} from "./document.ts";
import { block, code, inline, prose } from "./html.ts";
import { errorShape, fields, shapes } from "./schema-fields.ts";
import { serverPage } from "./server-page.ts";
import { style } from "./style.ts";

/** Where the server publishes the document this page is made from. */
const documentPath = "/api/openapi.json";

const anchorHref = (id: string) => escapeHtml(`#${encodeURIComponent(id)}`);

const tagAnchor = (tag: string) => `tag-${tag.replace(/[^A-Za-z0-9]+/g, "-")}`;

const methodBadge = (method: string) =>
  `<span class="method m-${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span>`;

/** "Created", "Too Many Requests"; a range or `default` in words. */
function statusWords(status: string): string {
  if (status === "default") return "Any other status";
  if (/^[1-5]XX$/i.test(status)) return `Any ${status[0]}xx status`;
  return STATUS_CODES[status] ?? "";
}

/** One status: what it means, its headers, its body. A success shows its examples open. */
function responseHtml(status: string, response: Response): string {
  const kind = /^[1-5]/.test(status) ? ` s${status[0]}` : "";
  const headers = Object.entries(response.headers ?? {}).map(([name, header]) =>
    loneField(name, header),
  );
  return block(
    `<h5><span class="status${kind}">${escapeHtml(status)}</span> ${escapeHtml(statusWords(status))}</h5>`,
    prose(response.description),
    headers.length > 0 && `<p class="label">Headers</p>\n${fieldList(headers)}`,
    ...Object.entries(response.content ?? {}).map(([type, media]) =>
      block(
        type !== "application/json" && `<p>As ${code(type)}:</p>`,
        bodyHtml(media, kind === " s2"),
      ),
    ),
  );
}

function requestHtml(body: RequestBody): string {
  const content = Object.entries(body.content ?? {});
  const types = content.map(([type]) => code(type)).join(" or ");
  return block(
    "<h4>Request body</h4>",
    `<p>${body.required ? "Required" : "Optional"}, as ${types}.</p>`,
    prose(body.description),
    ...content.map(([, media]) => bodyHtml(media, true)),
  );
}

function parametersHtml(parameters: readonly Parameter[]): string {
  const list = parameters.map((parameter) =>
    loneField(parameter.name, parameter, [{ words: `in the ${parameter.in}` }]),
  );
  return block("<h4>Parameters</h4>", fieldList(list));
}

function schemeWords(scheme: SecurityScheme): string {
  if (scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer") {
    const format = scheme.bearerFormat ? ` (${escapeHtml(scheme.bearerFormat)})` : "";
    return `a bearer token${format} in the ${code("Authorization")} header`;
  }
  if (scheme.type === "http") return `HTTP ${escapeHtml(scheme.scheme ?? "")} authentication`;
  if (scheme.type === "apiKey")
    return `a key in the ${escapeHtml(scheme.in ?? "")} ${code(scheme.name ?? "")}`;
  return escapeHtml(scheme.type);
}

/** Who may call: each alternative, and in one the schemes that are all needed. */
function securityHtml(security: Security, schemes: Record<string, SecurityScheme>): string {
  const alternatives = security.map((requirement) =>
    Object.keys(requirement)
      .map((name) => {
        const scheme = schemes[name];
        return scheme
          ? block(`<p>${code(name)}: ${schemeWords(scheme)}.</p>`, prose(scheme.description))
          : `<p>${code(name)}</p>`;
      })
      .join("\n<p>and</p>\n"),
  );
  // An empty requirement among them: a request without credentials is answered too.
  const optional = alternatives.includes("");
  const needed = alternatives.filter((alternative) => alternative !== "");
  if (needed.length === 0) return "No authentication";
  const list =
    needed.length === 1
      ? needed.join("")
      : `<p>Any one of:</p><ul>${needed.map((a) => `<li>${a}</li>`).join("")}</ul>`;
  return optional
    ? `${list}<p>Or none: the description says how the call proves itself.</p>`
    : list;
}

function operationHtml({ method, path, operation, anchor }: Entry, document: ApiDocument) {
  const security = operation.security ?? document.security ?? [];
  const schemes = document.components?.securitySchemes ?? {};
  return block(
    `<section class="op" id="${escapeHtml(anchor)}">`,
    `<h3>${methodBadge(method)} <code class="path">${escapeHtml(path)}</code></h3>`,
    operation.summary && `<p class="summary">${inline(operation.summary)}</p>`,
    operation.deprecated && `<p class="deprecated">Deprecated.</p>`,
    '<dl class="facts">',
    operation.operationId &&
      `<div><dt>Operation ID</dt><dd>${code(operation.operationId)}</dd></div>`,
    `<div><dt>Authentication</dt><dd>${securityHtml(security, schemes)}</dd></div>`,
    "</dl>",
    prose(operation.description),
    operation.parameters && operation.parameters.length > 0 && parametersHtml(operation.parameters),
    operation.requestBody && requestHtml(operation.requestBody),
    "<h4>Responses</h4>",
    ...Object.entries(operation.responses ?? {}).map(([status, response]) =>
      responseHtml(status, response),
    ),
    '<p class="back"><a href="#contents">Back to contents</a></p>',
    "</section>",
  );
}

type Group = { tag: string; description?: string; entries: Entry[] };

/** Operations by their first tag: the document's tags in their order, then the others met. */
function groups(document: ApiDocument, entries: readonly Entry[]): Group[] {
  const tagOf = (entry: Entry) => entry.operation.tags?.[0] ?? "other";
  const order = new Set([...(document.tags ?? []).map((tag) => tag.name), ...entries.map(tagOf)]);
  return [...order]
    .map((tag) => ({
      tag,
      description: document.tags?.find((t) => t.name === tag)?.description,
      entries: entries.filter((entry) => tagOf(entry) === tag),
    }))
    .filter((group) => group.entries.length > 0);
}

function contentsHtml(list: readonly Group[], withErrors: boolean): string {
  const link = ({ method, path, operation, anchor }: Entry) =>
    `<li><a href="${anchorHref(anchor)}">${methodBadge(method)} <code class="path">${escapeHtml(path)}</code>${operation.summary ? ` <span class="about">${inline(operation.summary)}</span>` : ""}</a></li>`;
  return block(
    '<nav aria-labelledby="contents">',
    '<h2 id="contents">Contents</h2>',
    '<ul class="toc">',
    ...list.map(({ tag, entries }) =>
      block(
        `<li><a href="${anchorHref(tagAnchor(tag))}">${escapeHtml(tag)}</a>`,
        "<ul>",
        ...entries.map(link),
        "</ul></li>",
      ),
    ),
    withErrors && '<li><a href="#errors">Errors</a></li>',
    "</ul>",
    "</nav>",
  );
}

/**
 * The shape every error shares, from the first error answer in the document. The codes vary
 * by answer, and each answer lists its own.
 */
function errorsHtml(schema: Schema): string {
  const shared = fields(schema).map((field) =>
    field.name === "errors[].code" ? { ...field, constraints: [], description: undefined } : field,
  );
  return block(
    '<section id="errors">',
    "<h2>Errors</h2>",
    "<p>Every error answer has this shape. Each answer above lists the codes it can carry.</p>",
    fieldList(shared),
    "</section>",
  );
}

/** The first schema among the document's answers that is in the error shape. */
function firstErrorSchema(entries: readonly Entry[]): Schema | undefined {
  const schemas = entries.flatMap(({ operation }) =>
    Object.values(operation.responses ?? {}).flatMap((response) =>
      Object.values(response.content ?? {}).flatMap((media) =>
        media.schema ? shapes(media.schema) : [],
      ),
    ),
  );
  return schemas.find((schema) => errorShape(schema));
}

/**
 * Where a link of the document's leads, as this page writes it: an address on one of the
 * document's servers as a path, since the page is served by the API itself (and built before
 * it knows its address); another web address as it is; anything else (`javascript:`) is no link.
 */
function linkTarget(url: string, document: ApiDocument): string | undefined {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) return undefined;
  const { origin, pathname, search, hash } = new URL(url);
  const servers = (document.servers ?? [])
    .map((server) => server.url)
    .filter((server) => URL.canParse(server));
  const ownServer = servers.some((server) => new URL(server).origin === origin);
  return ownServer ? `${pathname}${search}${hash}` : url;
}

function licenseHtml({ name, url }: { name: string; url?: string }, document: ApiDocument) {
  const target = url && linkTarget(url, document);
  return target ? `<a href="${escapeHtml(target)}">${escapeHtml(name)}</a>` : escapeHtml(name);
}

/**
 * The API reference: one HTML page made from the OpenAPI document, with one inline style and
 * no script. Every string from the document is escaped.
 */
export function renderApiDocs(source: ApiDocument): string {
  const document = inlineRefs(source);
  const { info } = document;
  const entries = operations(document);
  const grouped = groups(document, entries);
  const errorSchema = firstErrorSchema(entries);
  return serverPage({
    title: `${info.title} reference`,
    head: `<style>${style}</style>`,
    main: block(
      `<h1>${escapeHtml(info.title)} reference</h1>`,
      `<p class="meta">Version ${code(info.version)}${info.license ? ` · License: ${licenseHtml(info.license, document)}` : ""}</p>`,
      prose(info.description),
      `<p>Every path below is on the same address as this page. The machine-readable document (OpenAPI ${escapeHtml(document.openapi ?? "")}) is at <a href="${documentPath}">${code(documentPath)}</a>.</p>`,
      contentsHtml(grouped, errorSchema !== undefined),
      ...grouped.map(({ tag, description, entries }) =>
        block(
          `<section id="${escapeHtml(tagAnchor(tag))}">`,
          `<h2>${escapeHtml(tag)}</h2>`,
          prose(description),
          ...entries.map((entry) => operationHtml(entry, document)),
          "</section>",
        ),
      ),
      errorSchema && errorsHtml(errorSchema),
    ),
  });
}
