/**
 * The inner loop: the tests a change since the last commit can break, in a minute or two instead
 * of the whole `npm test`. Vitest's `--changed` runs the unit and API tests whose imports reach
 * a changed file. Then, when files of the site changed, it builds and runs the browser specs that
 * open the pages those files render (a spec names a page by its path or by the contract's name
 * for it, such as `accountPages.verifyEmail`), and any spec changed itself.
 * Usage: npm run test:changed
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import * as contract from "@ysp/contract";
import { answerFramePage, notFoundPage, pages } from "@ysp/web/pages";

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

const run = (command: string, args: string[]) => {
  const { status } = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
};

const changed = new Set(changedFiles());
console.log(`${changed.size} files changed since the last commit`);
run("npx", ["vitest", "run", "--changed", "--passWithNoTests"]);
const specs = specsFor(changed);
if (specs.length === 0) {
  console.log("No browser spec opens a page these changes render.");
} else {
  console.log(`Browser specs for the changed pages: ${specs.join(", ")}`);
  run("npm", ["run", "build"]);
  run("npx", ["playwright", "test", ...specs]);
}
