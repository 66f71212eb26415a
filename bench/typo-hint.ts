import { readdirSync, readFileSync } from "node:fs";
import { brotliCompressSync } from "node:zlib";
import { build } from "esbuild";
import type { PageWeight } from "./page-weight.ts";

/** What the typo hint adds to a page, with brotli as the server sends it. */
export type TypoHintBytes = { path: string; bytes: number; how: string }[];

const suggestEmail = new URL("../web/app/lib/suggest-email.ts", import.meta.url).pathname;
const assets = new URL("../web/build/client/assets/", import.meta.url);

/** The hint's file as the build wrote it, brotli (scripts/email-typo-hints.ts, `?script-file`). */
function hintFileBytes(): number {
  const name = readdirSync(assets).find(
    (file) => file.startsWith("email-typo-hints-") && file.endsWith(".js.br"),
  );
  return name ? readFileSync(new URL(name, assets)).length : 0;
}

/**
 * On /join the hint is the library and our lists, bundled into the form's chunk with other code:
 * measured as that module bundled and minified alone, as the build would. On the pages without
 * framework JavaScript it is an inline loader, measured from the page as served, and the file
 * the loader fetches on an email field's first focus (docs/decisions/032).
 */
export async function typoHintBytes(weights: PageWeight[]): Promise<TypoHintBytes> {
  const bundled = await build({
    entryPoints: [suggestEmail],
    bundle: true,
    minify: true,
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  const library = bundled.outputFiles[0]?.contents ?? new Uint8Array();
  const file = hintFileBytes();
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
        bytes: brotliCompressSync(w.typoHintScript).length + file,
        how: `inline loader, and ${(file / 1024).toFixed(2)} KB of it on the first focus`,
      })),
  ];
}
