import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The modules pages import: the newsletter form (on every page) checks emails with
 * email.ts and text.ts and takes its action from form-actions.ts, and the API client reads
 * errors with errors.ts and takes its types from api-paths.ts and openapi.ts; the sign-up form
 * names its hidden fields from sign-up-source.ts, which the server's pages read too; the staff
 * area's passkey script takes its addresses and parts from staff.ts. The build puts
 * zod in the sign-up page's chunk alone; imported here, it would go to every page.
 */
const zodFree = [
  "./email.ts",
  "./errors.ts",
  "./form-actions.ts",
  "./text.ts",
  "./api-paths.ts",
  "./openapi.ts",
  "./sign-up-source.ts",
  "./staff.ts",
];
/** Entry points no page imports: the build's site.json, checked by postbuild and the server. */
const buildAndServerOnly = ["./site-build.ts"];
/**
 * The sign-up page's own, zod and all: it imports each module it uses by its path, because the
 * build's chunk rule (web/vite.config.ts) follows imports, and an import of the whole contract
 * put in its file every module the pages without script also use (1.2 KB brotli more).
 */
const signupPageOnly = ["./account.ts", "./api.ts", "./signup.ts", "./signup-correction.ts"];

// Node strips types before it resolves a module's imports, as the site's bundler does, so
// `import type` is not followed: what this lists is what would run in a page.
const probe = `
import { registerHooks } from "node:module";
const loaded = [];
registerHooks({
  resolve(specifier, context, next) {
    const resolved = next(specifier, context);
    loaded.push(resolved.url);
    return resolved;
  },
});
await import(process.argv[1]);
console.log(JSON.stringify(loaded));
`;

function modulesLoadedBy(entry: string): string[] {
  const url = new URL(entry, import.meta.url).href;
  const out = execFileSync(process.execPath, ["--input-type=module", "--eval", probe, url], {
    encoding: "utf8",
  });
  return JSON.parse(out);
}

const isZod = (url: string) => /\/node_modules\/zod\//.test(url);

describe("the contract's zod-free entry points", () => {
  it.each(zodFree)("%s loads no zod, even through another module", (entry) => {
    expect(
      modulesLoadedBy(entry).find(isZod),
      `${entry} now loads zod, which every page would download; import shapes from responses.ts or api.ts with "import type"`,
    ).toBeUndefined();
  });

  it("sees zod where it is loaded, so the check above can fail", () => {
    expect(modulesLoadedBy("./api.ts").some(isZod)).toBe(true);
  });

  it("covers every entry point the package exports besides the whole contract, the build's and the sign-up page's", () => {
    const { exports } = JSON.parse(readFileSync(new URL("package.json", import.meta.url), "utf8"));
    const entries = Object.entries(exports as Record<string, string>)
      .filter(([name]) => name !== ".")
      .map(([, file]) => file);
    expect([...zodFree, ...buildAndServerOnly, ...signupPageOnly]).toEqual(
      expect.arrayContaining(entries),
    );
  });
});
