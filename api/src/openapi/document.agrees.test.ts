import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { appOnDatabase, noRateLimits, pgliteForFile } from "../../test/harness.ts";
import { anyJsonValue, mutated, nearValidBodies } from "../../test/hostile-input.ts";
import { validationCodes } from "../http/validation.ts";

/**
 * The published document refuses exactly what the server refuses: each operation's request
 * schema, as a client's validator reads it (Ajv in 2020-12 mode, as Prism and the SDK
 * generators read OpenAPI 3.1), gives the server's own verdict on every body the fuzz suites
 * make for it. A body the server refuses as invalid (400 with validation codes only) is
 * invalid by the document; a body it takes past validation (any other answer: done, a wrong
 * password, no such link, not logged in) is valid by it.
 */

const bodiesPerOperation = 150;
const suite = appOnDatabase(pgliteForFile(), { rateLimits: noRateLimits });

type Verdict = "refused" | "taken" | "not judged";

/**
 * What the server made of a body. A schema cannot say what comes before it: a body over the
 * size limit (413), a prototype key, which Fastify's parser refuses outright (400 parse_error),
 * or a rate limit (429). Those are not judged, and counted.
 */
function verdictOf(status: number, body: string): Verdict {
  if (status === 413 || status === 429) return "not judged";
  if (status !== 400) return "taken";
  const codes = (JSON.parse(body) as { errors: { code: string }[] }).errors.map((e) => e.code);
  if (codes.some((code) => code === "parse_error" || code === "bad_request")) return "not judged";
  const validation = validationCodes as readonly string[];
  return codes.every((code) => validation.includes(code)) ? "refused" : "taken";
}

type Documented = { path: string; validate: (body: unknown) => boolean };
const operations = new Map<string, Documented>();

beforeAll(async () => {
  const document = (await suite.app.inject({ url: "/api/openapi.json" })).json();
  // Strict mode off: the document is OpenAPI, whose own keywords are not JSON Schema's.
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema(document, "document");
  const pointer = (part: string) => part.replaceAll("~", "~0").replaceAll("/", "~1");
  for (const [path, methods] of Object.entries<Record<string, OpenApiOperation>>(document.paths)) {
    const op = methods.post;
    if (!op?.requestBody) continue;
    const ref = `document#/paths/${pointer(path)}/post/requestBody/content/${pointer("application/json")}/schema`;
    const validate = ajv.getSchema(ref);
    if (!validate) throw new Error(`No schema at ${ref}`);
    operations.set(op.operationId, { path, validate: (body) => validate(body) as boolean });
  }
});

type OpenApiOperation = { operationId: string; requestBody?: unknown };

/** Bodies of every kind: near-valid ones as they are, mutated, and any JSON at all. */
const bodiesFor = (operationId: string) => {
  const valid = nearValidBodies[operationId];
  if (!valid) throw new Error(`No near-valid bodies for ${operationId}`);
  return fc.oneof(
    { arbitrary: valid, weight: 4 },
    { arbitrary: mutated(valid), weight: 3 },
    { arbitrary: anyJsonValue, weight: 1 },
  );
};

describe("the document and the server refuse the same bodies", () => {
  it("has near-valid bodies for every operation that takes one", () => {
    expect([...operations.keys()].sort()).toEqual(Object.keys(nearValidBodies).sort());
  });

  it.each(Object.keys(nearValidBodies))("%s", { timeout: 120_000 }, async (operationId) => {
    const { path, validate } = operations.get(operationId) as Documented;
    const tally: Record<Verdict, number> = { refused: 0, taken: 0, "not judged": 0 };
    await fc.assert(
      fc.asyncProperty(bodiesFor(operationId), async (body) => {
        const payload = JSON.stringify(body) ?? "null";
        const request: InjectOptions = {
          method: "POST",
          url: path,
          payload,
          headers: { "content-type": "application/json" },
        };
        const response = await suite.app.inject(request);
        const verdict = verdictOf(response.statusCode, response.body);
        tally[verdict]++;
        if (verdict === "not judged") return;
        const what = `${payload.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
        expect(validate(JSON.parse(payload)), what).toBe(verdict === "taken");
      }),
      { numRuns: bodiesPerOperation, endOnFailure: true },
    );
    console.log(`${operationId}: ${JSON.stringify(tally)}`);
    // Both ways were tried, and few bodies went unjudged.
    expect(tally.refused, JSON.stringify(tally)).toBeGreaterThan(0);
    expect(tally.taken, JSON.stringify(tally)).toBeGreaterThan(0);
    expect(tally["not judged"], JSON.stringify(tally)).toBeLessThan(bodiesPerOperation / 10);
  });
});
