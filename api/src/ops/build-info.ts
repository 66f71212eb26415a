import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { BuildInfo } from "./metrics.ts";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * The commit this copy was built from: the `REVISION` file the release step writes
 * (docs/deploy.md copies the tree without .git), else git's answer in a clone, else "unknown".
 */
function commit(): string {
  try {
    return readFileSync(`${repoRoot}REVISION`, "utf8").trim();
  } catch {
    try {
      return execFileSync("git", ["rev-parse", "HEAD"], { cwd: repoRoot, stdio: "pipe" })
        .toString()
        .trim();
    } catch {
      return "unknown";
    }
  }
}

/** What `ysp_build_info` says of this instance, read once at start-up. */
export function readBuildInfo(): BuildInfo {
  const { version } = JSON.parse(readFileSync(`${repoRoot}package.json`, "utf8")) as {
    version?: string;
  };
  return { version: version ?? "unversioned", commit: commit(), node: process.version };
}
