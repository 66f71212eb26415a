import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * One folder for everything a test run makes in the temporary directory, removed when the run
 * ends, whether its tests passed or failed: set as TMPDIR before any test starts, so every
 * `mkdtemp(tmpdir())` of the tests, their servers and the PostgreSQL they start lands in it. One
 * `npm test` used to leave about 60 folders (272 MB) behind, one per file that made one.
 *
 * Readable by all (0755), since the test PostgreSQL runs as the postgres user under it.
 */
export function temporaryRoot(prefix: string): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(root, 0o755);
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Vitest's globalSetup: the run's folder, as TMPDIR for the workers it starts after this. */
export default function setup(): () => void {
  const { root, remove } = temporaryRoot("ysp-test-");
  process.env.TMPDIR = root;
  return remove;
}
