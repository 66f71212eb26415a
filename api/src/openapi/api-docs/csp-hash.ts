import { createHash } from "node:crypto";

/** A Content-Security-Policy source allowing exactly this inline script or style. */
export const cspHash = (text: string) =>
  `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
