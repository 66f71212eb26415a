/**
 * Writes every test title `npm test` runs, one per line and sorted, so that a change to the
 * suites can be compared title by title (issue 44: the same behaviours, before and after).
 * Usage: node .ci/test-titles.ts OUT_FILE
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

type VitestEntry = { name: string; file: string };
type PlaywrightSuite = {
  title: string;
  specs?: { title: string; file: string; tests: { projectName: string }[] }[];
  suites?: PlaywrightSuite[];
};

const root = join(import.meta.dirname, "..");

function unitTitles(): string[] {
  const dir = mkdtempSync(join(tmpdir(), "ysp-titles-"));
  try {
    const out = join(dir, "unit.json");
    execFileSync("npx", ["vitest", "list", `--json=${out}`], { cwd: root, stdio: "ignore" });
    const entries = JSON.parse(readFileSync(out, "utf8")) as VitestEntry[];
    return entries.map((e) => `unit ${relative(root, e.file)} › ${e.name}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function browserTitles(): string[] {
  const json = execFileSync("npx", ["playwright", "test", "--list", "--reporter=json"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(json) as { suites: PlaywrightSuite[] };
  const titles: string[] = [];
  const walk = (suite: PlaywrightSuite, path: string[]) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        titles.push(
          `browser ${test.projectName} e2e/${spec.file} › ${[...path, spec.title].join(" › ")}`,
        );
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const file of report.suites) walk(file, []);
  return titles;
}

const outFile = process.argv[2];
if (!outFile) throw new Error("Usage: node .ci/test-titles.ts OUT_FILE");
const titles = [...unitTitles(), ...browserTitles()].sort();
writeFileSync(outFile, `${titles.join("\n")}\n`);
console.log(`${titles.length} titles written to ${outFile}`);
