import { beforeAll, describe, expect, it } from "vitest";
import { appOnDatabase, pgliteForFile } from "../../../test/harness.ts";
import { escapeHtml } from "../../pages/escape-html.ts";
import { type ApiDocument, type Operation, operations } from "./document.ts";
import { renderApiDocs } from "./render.ts";

/** What a reader sees of some HTML: its text, tags gone, entities read, spaces as one. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .trim();

/** Each operation's part of the page, by its heading's text ("POST /api/v1/auth/signup/"). */
function operationSections(page: string): Map<string, string> {
  const sections = page.split('<section class="op"').slice(1);
  return new Map(
    sections.map((section) => [text(/<h3>([\s\S]*?)<\/h3>/.exec(section)?.[1] ?? ""), section]),
  );
}

/** The status headings of one operation's part: "201 Created", "400 Bad Request" … */
const statusHeadings = (section: string) =>
  [...section.matchAll(/<h5>([\s\S]*?)<\/h5>/g)].map(([, heading = ""]) => text(heading));

/** Every string in a value, keys included. */
const strings = (value: unknown): string[] => {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, v]) => [key, ...strings(v)]);
  return [];
};

describe("the reference of the API's own document", () => {
  const suite = appOnDatabase(pgliteForFile());
  let document: ApiDocument;
  let page: string;
  beforeAll(async () => {
    document = (await suite.app.inject({ url: "/api/openapi.json" })).json();
    page = renderApiDocs(document);
  });

  it("shows every operation with its method, path, operationId and every status", () => {
    const sections = operationSections(page);
    const entries = operations(document);
    expect(entries.length).toBeGreaterThan(10);
    expect(sections.size).toBe(entries.length);
    for (const { method, path, operation } of entries) {
      const what = `${method.toUpperCase()} ${path}`;
      const section = sections.get(what);
      expect(section, what).toBeDefined();
      if (operation.operationId) {
        expect(section, what).toContain(`id="${escapeHtml(operation.operationId)}"`);
        expect(page, what).toContain(`href="#${encodeURIComponent(operation.operationId)}"`);
        expect(text(section ?? ""), what).toContain(`Operation ID${operation.operationId}`);
      }
      const statuses = Object.keys(operation.responses ?? {});
      expect(statuses.length, what).toBeGreaterThan(0);
      expect(
        statusHeadings(section ?? "").map((heading) => heading.split(" ")[0]),
        what,
      ).toEqual(statuses);
    }
  });

  it("says who may call each operation", () => {
    for (const [what, section] of operationSections(page)) {
      const authentication = /<dt>Authentication<\/dt><dd>([\s\S]*?)<\/dd><\/div>/.exec(section);
      expect(text(authentication?.[1] ?? ""), what).toMatch(
        /^(No authentication|bearerAuth: |dataAccess: |signupCookie: )/,
      );
    }
    // A bearer token, or none for the page's form, which proves the account with its password.
    const emailChange =
      [...operationSections(page).values()].find((section) =>
        section.includes("requestEmailChange"),
      ) ?? "";
    expect(text(emailChange)).toMatch(/bearerAuth: .*Or none: the description says how/);
  });

  it("says what each code of an answer means, though the meanings are named once", () => {
    const logIn = [...operationSections(page).values()].find((section) =>
      section.includes('id="logIn"'),
    );
    expect(text(logIn ?? "")).toContain(
      "authentication_failed: The email or the password is wrong.",
    );
    expect(text(logIn ?? "")).not.toContain("email_taken:");
  });

  it("names no host: paths are on this page's address", () => {
    expect(page).not.toMatch(/href="https?:/);
    expect(page).toContain('href="/api/openapi.json"');
  });

  it("runs no script and writes no string of the document unescaped", () => {
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/\son[a-z]+=/i);
    // The document's words have apostrophes ("the server's side"): each is written &#39;.
    const escapable = strings(document).filter((s) => /[&<>"']/.test(s));
    expect(escapable.length).toBeGreaterThan(0);
    for (const string of escapable) expect(page).not.toContain(string);
  });
});

/** An operation whose every string could be markup, as a careless or hostile document's. */
const hostile = "<img src=x onerror=alert(1)>";
const hostileOperation = (id: string): Operation => ({
  operationId: `${id}"><script>alert(1)</script>`,
  summary: hostile,
  description: `${hostile}\n\n\`${hostile}\``,
  tags: [hostile],
  security: [{ [hostile]: [] }],
  requestBody: {
    required: true,
    content: {
      "application/json": {
        schema: {
          type: "object",
          properties: { [hostile]: { type: "string", enum: [hostile], description: hostile } },
        },
        examples: { [hostile]: { summary: hostile, value: { [hostile]: hostile } } },
      },
    },
  },
  responses: {
    "400": {
      description: hostile,
      headers: { [hostile]: { description: hostile, schema: { type: "integer" } } },
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: {
              type: { type: "string" },
              errors: {
                type: "array",
                items: {
                  type: "object",
                  properties: { code: { type: "string", enum: [hostile] } },
                },
              },
            },
          },
        },
      },
    },
  },
});

describe("a document with markup in its strings", () => {
  const page = renderApiDocs({
    openapi: "3.1.0",
    info: {
      title: `</title>${hostile}`,
      version: hostile,
      description: `</style>${hostile}`,
      license: { name: hostile, url: "javascript:alert(1)" },
    },
    paths: { [`/api/<b>${hostile}`]: { post: hostileOperation("a") } },
    components: {
      securitySchemes: { [hostile]: { type: "http", scheme: "bearer", description: hostile } },
    },
  });

  it("shows the markup as text, never as elements", () => {
    expect(page).not.toMatch(/<(img|script|b)\b/i);
    expect(page).not.toContain("</title><");
    expect(page.match(/<\/style>/g)).toHaveLength(1);
    expect(page).not.toContain("javascript:");
    expect(page).toContain(escapeHtml(hostile));
    expect(text(page)).toContain(`POST /api/<b>${hostile}`);
  });
});

describe("a document's schemas", () => {
  const page = renderApiDocs({
    openapi: "3.1.0",
    info: {
      title: "Things API",
      version: "2.0.0",
      description: "First paragraph.\n\nSecond, with `code`.",
    },
    servers: [{ url: "https://things.example" }],
    security: [{ key: [] }],
    components: {
      securitySchemes: {
        key: { type: "apiKey", in: "header", name: "X-Key", description: "From your account." },
      },
      schemas: {
        Thing: {
          type: "object",
          required: ["id"],
          properties: {
            id: { type: "string", format: "uuid" },
            tags: { type: "array", items: { type: "string", maxLength: 20 } },
          },
        },
      },
    } as ApiDocument["components"],
    paths: {
      "/things/{id}": {
        put: {
          tags: ["things"],
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          requestBody: {
            content: {
              "application/json": {
                schema: {
                  allOf: [
                    { $ref: "#/components/schemas/Thing" },
                    {
                      type: "object",
                      required: ["name"],
                      properties: {
                        name: { type: "string", minLength: 1, maxLength: 80 },
                        note: { type: ["string", "null"] },
                        kind: { const: "thing" },
                        size: { type: "integer", minimum: 1, maximum: 9 },
                        parts: {
                          type: "array",
                          items: { type: "object", properties: { label: { type: "string" } } },
                        },
                        owner: {
                          anyOf: [
                            { type: "object", properties: { email: { type: "string" } } },
                            { type: "null" },
                          ],
                        },
                      },
                    },
                  ],
                },
                example: { name: "Lamp" },
              },
            },
          },
          responses: {
            "204": { description: "Saved" },
            "4XX": { description: "Refused" },
          },
        },
        get: { security: [], responses: { "200": { description: "The thing" } } },
      },
    } as unknown as ApiDocument["paths"],
  } as ApiDocument);
  const seen = text(page);

  it("shows each field with its type, whether it is required and its rules", () => {
    for (const field of [
      "idstring · required · format uuid",
      "tagsarray of string · optional · each at most 20 characters",
      "namestring · required · 1–80 characters",
      "notestring or null · optional",
      'kindstring · optional · always "thing"',
      "sizeinteger · optional · at least 1 and at most 9",
      "parts[].labelstring · optional",
      "ownerobject or null · optional",
      "owner.emailstring · optional",
      "idstring · required · in the path",
    ])
      expect(seen).toContain(field);
  });

  it("gives operations without an operationId an anchor of their own", () => {
    expect(page).toContain('id="put-things-id"');
    expect(page).toContain('href="#get-things-id"');
  });

  it("says who may call, the document's requirement unless the operation has its own", () => {
    expect(seen).toContain("Authenticationkey: a key in the header X-Key. From your account.");
    expect(seen).toContain("AuthenticationNo authentication");
  });

  it("writes the description as paragraphs, with code, and a status range in words", () => {
    expect(page).toContain("<p>First paragraph.</p>\n<p>Second, with <code>code</code>.</p>");
    expect(seen).toContain("4XX Any 4xx status");
    expect(seen).toContain("Example");
    expect(seen).toContain('"name": "Lamp"');
  });
});
