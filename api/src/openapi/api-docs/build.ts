/**
 * After the web build (`npm run build`): renders the API reference from the OpenAPI document
 * of the real server and writes it, with brotli and gzip copies, among the built site's files,
 * where the server reads them. The server is built with the settings it has when none are
 * given, on a throwaway PGlite database in a temporary folder, removed after.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { loadConfig } from "../../config.ts";
import { openDatabase } from "../../db/client.ts";
import { loadSite } from "../../pages/static-site.ts";
import { apiDocsPath } from "../../routes/api-docs.ts";
import { buildServer } from "../../server.ts";
import type { ApiDocument } from "./document.ts";
import { renderApiDocs } from "./render.ts";

/** The OpenAPI document the server publishes, and the built site it serves. */
async function openApiDocument(
  temporary: string,
): Promise<{ buildDir: string; document: ApiDocument }> {
  // A server's settings when none are given, with its data (the development secret) in the
  // temporary folder, and one hashing worker: it hashes once, at start.
  const config = loadConfig({ DATA_DIR: temporary, HASH_CONCURRENCY: "1" });
  const database = await openDatabase({ kind: "pglite", dataDir: join(temporary, "pglite") });
  try {
    // The real build: the document describes what it serves (the pages a form may name).
    const site = await loadSite(config.webBuildDir);
    const app = await buildServer({ config, database, site, logger: false });
    try {
      await app.ready();
      return { buildDir: config.webBuildDir, document: app.swagger() as ApiDocument };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

const temporary = await mkdtemp(join(tmpdir(), "ysp-api-docs-"));
const { buildDir, document } = await openApiDocument(temporary).finally(() =>
  rm(temporary, { recursive: true, force: true }),
);
const html = Buffer.from(renderApiDocs(document));
// At its URL path, without an extension: the server reads every file of the build's client
// folder by its path (static-site.ts), except .html files, which are the pages site.json lists.
const file = join(buildDir, "client", apiDocsPath);
await mkdir(dirname(file), { recursive: true });
// As web/scripts/postbuild.ts compresses the site's other text files: the server compresses nothing.
const brotli = brotliCompressSync(html, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
  },
});
await writeFile(file, html);
await writeFile(`${file}.br`, brotli);
await writeFile(`${file}.gz`, gzipSync(html, { level: 9 }));
console.log(
  `api docs: ${relative(process.cwd(), file)} (${(html.length / 1024).toFixed(0)} KiB → ${(brotli.length / 1024).toFixed(0)} KiB brotli)`,
);
