/**
 * The inner loop: the tests nearest a change since the last commit, in a minute or two instead
 * of the whole `npm test`. First the unit and API tests nearest the changed modules (below);
 * with `--all`, or when a module every test reaches changed, Vitest's `--changed`: every test
 * whose imports reach a changed file. Then, when files of the site changed, it builds and runs
 * the browser specs that open the pages those files render (a spec names a page by its path or
 * by the contract's name for it, such as `accountPages.verifyEmail`), and any spec changed itself.
 * Usage: npm run test:changed [-- --all]
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import * as contract from "@ysp/contract";
import { answerFramePage, notFoundPage, pages } from "@ysp/web/pages";
import vitestConfig from "../vitest.config.ts";

const root = join(import.meta.dirname, "..");

/** Files changed, staged or not, and new ones, relative to the repository. */
function changedFiles(): string[] {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
  return [
    ...new Set([
      ...git("diff", "--name-only", "HEAD"),
      ...git("ls-files", "--others", "--exclude-standard"),
    ]),
  ];
}

/** The site's own modules a file imports: relative, `~/` and `@ysp/content` imports. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const found: string[] = [];
  for (const [, specifier] of text.matchAll(/from\s+"([^"]+)"/g)) {
    const target = specifier?.startsWith("~/")
      ? join("web/app", specifier.slice(2))
      : specifier?.startsWith("@ysp/content/")
        ? join("content", `${specifier.slice("@ysp/content/".length)}`)
        : specifier?.startsWith(".")
          ? relative(root, resolve(root, dirname(file), specifier))
          : null;
    const withExtension =
      target && [target, `${target}.ts`, `${target}.tsx`].find((f) => existsSync(join(root, f)));
    if (withExtension) found.push(withExtension);
  }
  return found;
}

/** Whether `module`, or anything it imports within the site, is one of `changed`. */
function reaches(module: string, changed: Set<string>, seen = new Set<string>()): boolean {
  if (changed.has(module)) return true;
  if (seen.has(module)) return false;
  seen.add(module);
  return importsOf(module).some((imported) => reaches(imported, changed, seen));
}

/**
 * The ways a spec can name a page at `path`: the path itself (for "/join/:id?", also "/join" and
 * "/join/…"), or a contract constant holding it. A spec that reaches a page only through a link
 * in a mail is not found: name it to `npx playwright test`.
 */
function namesOf(path: string): string[] {
  const constants = Object.entries(contract).flatMap(([group, value]) =>
    group.endsWith("Pages") && value && typeof value === "object"
      ? Object.entries(value)
          .filter(([, p]) => p === path)
          .map(([key]) => `${group}.${key}`)
      : [],
  );
  const base = path.replace(/\/:.*$/, "");
  return [`"${path}"`, ...(base === path ? [] : [`"${base}"`, `"${base}/`]), ...constants];
}

/** The browser specs that open a page whose module reaches a changed file, and changed specs. */
function specsFor(changed: Set<string>): string[] {
  const specs = readdirSync(join(root, "e2e")).filter((f) => f.endsWith(".spec.ts"));
  const everything = [
    "e2e/fixtures.ts",
    "playwright.config.ts",
    "web/app/root.tsx",
    "web/app/app.css",
  ];
  if (everything.some((f) => changed.has(f))) return specs.map((f) => `e2e/${f}`);
  const layoutChanged = reaches("web/app/routes/site-layout.tsx", changed);
  const touched = [...pages, notFoundPage, answerFramePage].filter(
    (page) => reaches(join("web/app", page.module), changed) || (page.chrome && layoutChanged),
  );
  const names = touched.flatMap((page) => namesOf(page.path));
  return specs
    .map((f) => `e2e/${f}`)
    .filter((spec) => {
      if (changed.has(spec)) return true;
      const text = readFileSync(join(root, spec), "utf8");
      return names.some((name) => text.includes(name));
    });
}

/**
 * Modules nearly every API test reaches, because it builds the app: through them, Vitest's
 * `--changed` picks 57 of the 82 test files for a change to api/src/accounts/credentials.ts,
 * five minutes on these machines. A change to one of them runs all it reaches.
 */
const hubs = new Set(["api/src/server.ts", "api/src/db/schema.ts"]);

/** The folders of `vitest.config.ts`'s `include`: each glob up to its first `**`. */
const testedFolders = (vitestConfig.test?.include ?? []).map((glob) =>
  glob.slice(0, glob.indexOf("**")),
);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isModule = (file: string) =>
  /\.tsx?$/.test(file) && testedFolders.some((folder) => file.startsWith(folder));
const stem = (file: string) => (file.split("/").pop() ?? "").replace(/(\.test)?\.tsx?$/, "");

/**
 * The test files nearest the changed modules: those that import a changed module, and those
 * named for it or for a module that imports it (a change to accounts/credentials.ts runs
 * credentials.test.ts, and sessions.test.ts for routes/sessions.ts, which imports it). Undefined
 * when a change is not a module of the tested folders, or is a hub: then Vitest chooses.
 */
function nearestTests(changed: Set<string>): string[] | undefined {
  const tracked = execFileSync("git", ["ls-files", ...testedFolders], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter(isModule);
  const files = [...new Set([...tracked, ...[...changed].filter(isModule)])].filter((file) =>
    existsSync(join(root, file)),
  );
  const tests = files.filter(isTest);
  const changedModules = [...changed].filter((file) => !isTest(file));
  if (changedModules.some((file) => !isModule(file) || hubs.has(file))) return undefined;
  const importers = files.filter(
    (file) => !isTest(file) && !hubs.has(file) && importsOf(file).some((f) => changed.has(f)),
  );
  const stems = [...changedModules, ...importers].map(stem);
  return tests.filter(
    (test) =>
      changed.has(test) ||
      importsOf(test).some((f) => changed.has(f)) ||
      stems.some((name) => stem(test) === name || stem(test).startsWith(`${name}.`)),
  );
}

const run = (command: string, args: string[]) => {
  const { status } = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
};

const changed = new Set(changedFiles());
console.log(`${changed.size} files changed since the last commit`);
const nearest = process.argv.includes("--all") ? undefined : nearestTests(changed);
if (nearest === undefined) {
  run("npx", ["vitest", "run", "--changed", "--passWithNoTests"]);
} else if (nearest.length === 0) {
  console.log("No unit or API test is near these changes.");
} else {
  console.log(
    `The test files nearest the changes (all that reach them: --all):\n  ${nearest.join("\n  ")}`,
  );
  run("npx", ["vitest", "run", ...nearest]);
}
const specs = specsFor(changed);
if (specs.length === 0) {
  console.log("No browser spec opens a page these changes render.");
} else {
  console.log(`Browser specs for the changed pages: ${specs.join(", ")}`);
  run("npm", ["run", "build"]);
  run("npx", ["playwright", "test", ...specs]);
}
