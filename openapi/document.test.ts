import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appOnDatabase, pgliteForFile } from "../api/test/harness.ts";
import { typesFor } from "./types.ts";

/**
 * The document the server serves, as the app's developers take it: linted by Redocly's
 * recommended rules and Spectral's OpenAPI rules, and the TypeScript types generated from it
 * exactly those the site and the contract are compiled against (contract/openapi.ts; see
 * contract-agrees.ts).
 */

const suite = appOnDatabase(pgliteForFile());
let document: object;
const folder = mkdtempSync(join(tmpdir(), "ysp-openapi-"));
const documentFile = join(folder, "openapi.json");

beforeAll(async () => {
  const served = await suite.app.inject({ url: "/api/openapi.json" });
  expect(served.statusCode).toBe(200);
  document = served.json();
  writeFileSync(documentFile, JSON.stringify(document));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const redocly = new URL("../node_modules/@redocly/cli/bin/cli.js", import.meta.url).pathname;
const config = new URL("./redocly.yaml", import.meta.url).pathname;
const spectral = new URL("../node_modules/@stoplight/spectral-cli/dist/index.js", import.meta.url)
  .pathname;
// Beside the document: the ruleset's overrides name it by its path from the ruleset.
const ruleset = join(folder, "spectral.yaml");
copyFileSync(new URL("./spectral.yaml", import.meta.url), ruleset);

describe("the API's document", () => {
  it("passes Redocly's recommended rules with no error and no warning", async () => {
    // Run as a child, on this Node; telemetry and update checks off (no internet here, and none owed).
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [redocly, "lint", documentFile, "--config", config, "--format=json"],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      },
    ).catch((failed: { stdout: string }) => failed);
    const report = JSON.parse(stdout) as { totals: object; problems: unknown[] };
    expect(report.problems).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
  }, 60_000);

  it("passes Spectral's OpenAPI rules with no error and no warning", async () => {
    // Run as a child, on this Node; its rules are all local, so it reads nothing from the network.
    const { stdout } = await promisify(execFile)(process.execPath, [
      spectral,
      "lint",
      documentFile,
      "--ruleset",
      ruleset,
      "--format=json",
      "--quiet",
    ]).catch((failed: { stdout: string }) => failed);
    const results = JSON.parse(stdout) as { code: string; message: string; path: string[] }[];
    expect(
      results.map(({ code, message, path }) => `${code} ${path.join(".")}: ${message}`),
    ).toEqual([]);
  }, 60_000);

  it("gives exactly the types in contract/openapi.ts (npm run openapi:types writes them)", async () => {
    // A file snapshot: it fails while the file differs, and `vitest -u` writes it.
    await expect(await typesFor(document)).toMatchFileSnapshot("../contract/openapi.ts");
  });
});
