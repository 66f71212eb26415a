import { brotliCompressSync } from "node:zlib";
import { build } from "esbuild";
import type { PageWeight } from "./page-weight.ts";

/** What the typo hint adds to a page, with brotli as the server sends it. */
export type TypoHintBytes = { path: string; bytes: number; how: string }[];

const emailTypos = new URL("../web/app/lib/email-typos.ts", import.meta.url).pathname;

/**
 * On /join the hint is the library and our lists, bundled into the form's chunk with other code:
 * measured as that module bundled and minified alone, as the build would. On the pages without
 * framework JavaScript it is an inline script of its own, measured from the page as served.
 */
export async function typoHintBytes(weights: PageWeight[]): Promise<TypoHintBytes> {
  const bundled = await build({
    entryPoints: [emailTypos],
    bundle: true,
    minify: true,
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  const library = bundled.outputFiles[0]?.contents ?? new Uint8Array();
  return [
    {
      path: "/join",
      bytes: brotliCompressSync(library).length,
      how: "library and lists, bundled alone",
    },
    ...weights
      .filter((w) => w.typoHintScript !== "")
      .map((w) => ({
        path: w.path,
        bytes: brotliCompressSync(w.typoHintScript).length,
        how: "inline script",
      })),
  ];
}
