/**
 * The house rules a program can check (npm run lint runs this after Biome):
 * - no function in api/src, web/app or content/ has more than 60 lines of its own: code lines,
 *   not blank or comment lines, and not the lines of the functions nested in it, so a plugin or
 *   a factory made of small named functions passes, and a page component's JSX counts;
 * - no API test file (api/src) starts an SMTP server but through the harness
 *   (api/test/harness.ts smtpForFile); the chaos suite's start the server as a process and
 *   their SMTP server with it.
 * Each finding is printed as `path:line name (n lines)`; any finding exits 1.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "@babel/parser";

const root = new URL("..", import.meta.url).pathname;
const maxOwnLines = 60;
const checkedFolders = ["api/src", "web/app", "content"];

type Node = {
  type: string;
  start: number;
  end: number;
  loc: { start: { line: number }; end: { line: number } };
  [key: string]: unknown;
};

const functionTypes = new Set([
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunctionExpression",
  "ObjectMethod",
  "ClassMethod",
  "ClassPrivateMethod",
]);

/** The TypeScript (and TSX) files under `folder`, tests and generated types left out. */
function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => !/\.test\.tsx?$|\.d\.ts$|\/\+types\//.test(path));
}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** The nodes directly under `node`, in source order. */
function childrenOf(node: Node): Node[] {
  const children: Node[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc" || key === "leadingComments" || key === "trailingComments") continue;
    if (Array.isArray(value)) children.push(...value.filter(isNode));
    else if (isNode(value)) children.push(value);
  }
  return children;
}

/** The functions nearest under `node`: those not inside another function below it. */
function nearestFunctions(node: Node): Node[] {
  return childrenOf(node).flatMap((child) =>
    functionTypes.has(child.type) ? [child] : nearestFunctions(child),
  );
}

/** What a reader calls a function: its name, its variable's or its property's. */
function nameOf(fn: Node, parent: Node | undefined): string {
  const id = (fn.id ?? fn.key) as Node | undefined;
  if (id && typeof id.name === "string") return id.name;
  if (parent?.type === "VariableDeclarator" && isNode(parent.id) && parent.id.name)
    return String(parent.id.name);
  if (parent?.type === "ObjectProperty" && isNode(parent.key) && parent.key.name)
    return String(parent.key.name);
  return "(anonymous)";
}

type Finding = { path: string; line: number; name: string; lines: number };

/** Every function of one file with more than maxOwnLines lines of its own. */
function longFunctions(path: string): Finding[] {
  const source = readFileSync(join(root, path), "utf8");
  const ast = parse(source, {
    sourceType: "module",
    plugins: ["typescript", "jsx"],
    tokens: true,
  }) as unknown as { program: Node; tokens: Node[] };
  const codeLines = new Set<number>();
  for (const token of ast.tokens) {
    if (token.type === "CommentLine" || token.type === "CommentBlock") continue;
    for (let line = token.loc.start.line; line <= token.loc.end.line; line++) codeLines.add(line);
  }
  const findings: Finding[] = [];
  const visit = (node: Node) => {
    for (const child of childrenOf(node)) {
      if (functionTypes.has(child.type)) {
        const nested = nearestFunctions(child);
        let own = 0;
        for (let line = child.loc.start.line; line <= child.loc.end.line; line++) {
          const inNested = nested.some((n) => line > n.loc.start.line && line <= n.loc.end.line);
          if (codeLines.has(line) && !inNested) own++;
        }
        if (own > maxOwnLines)
          findings.push({
            path,
            line: child.loc.start.line,
            name: nameOf(child, node),
            lines: own,
          });
      }
      visit(child);
    }
  };
  visit(ast.program);
  return findings;
}

/** API test files that start an SMTP server of their own. */
function ownSmtpServers(): string[] {
  return readdirSync(join(root, "api/src"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".test.ts"))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => readFileSync(join(root, path), "utf8").includes("startSmtpServer"));
}

const long = checkedFolders.flatMap(sourceFiles).flatMap(longFunctions);
for (const { path, line, name, lines } of long)
  console.log(`${path}:${line} ${name} has ${lines} lines of its own (at most ${maxOwnLines})`);
const smtp = ownSmtpServers();
for (const path of smtp)
  console.log(`${path} starts an SMTP server: use smtpForFile() from api/test/harness.ts`);
if (long.length + smtp.length > 0) process.exit(1);
