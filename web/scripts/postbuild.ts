/**
 * After `react-router build`: writes the sitemap and robots.txt; build/site.json,
 * all the server knows of the site (each page's path and file, the paths with
 * parameters that get it, the not-found page, and the security headers: each
 * page's CSP with a hash for each of its inline scripts); and brotli and gzip
 * copies of every text file, so the server compresses nothing at request time.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { site } from "@ysp/content/site";
import type { SiteBuild } from "@ysp/contract/site-build";
import { embedOrigin, thumbnailOrigin } from "../app/lib/video.ts";
import { answerFramePage, notFoundPage, type Page, pages } from "../app/pages.ts";

const buildDir = new URL("../build/", import.meta.url).pathname;
const clientDir = join(buildDir, "client");
const compressible = /\.(html|js|css|svg|xml|txt|json|webmanifest)$/;
const minCompressBytes = 512;

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

function sitemap(): string {
  const indexed = pages.filter((page) => page.indexed);
  const urls = indexed.map((page) => `  <url><loc>${site.origin}${page.builtAt}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Inline scripts the browser runs: no src, and a JavaScript type (or none). JSON-LD is data, not script. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript") continue;
    hashes.push(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return hashes;
}

// The pages may call and post to their own origin only (connect-src and form-action below),
// and the API answers no cross-origin requests: another origin would build a site that cannot sign up.
const apiBase = process.env.VITE_API_BASE_URL ?? "";
if (URL.canParse(apiBase) && new URL(apiBase).origin !== site.origin) {
  console.error(
    `postbuild: VITE_API_BASE_URL must be a path or an address on the site's own origin, ${site.origin} (got "${apiBase}")`,
  );
  process.exit(1);
}

await writeFile(join(clientDir, "sitemap.xml"), sitemap());
await writeFile(
  join(clientDir, "robots.txt"),
  `User-agent: *\nAllow: /\n\nSitemap: ${site.origin}/sitemap.xml\n`,
);

/**
 * Each page's policy names only its own inline scripts: the header comes with
 * every page a phone loads, and all the pages' hashes together are about a kilobyte.
 */
const contentSecurityPolicy = (scriptHashes: readonly string[]) =>
  [
    "default-src 'self'",
    ["script-src 'self'", ...[...new Set(scriptHashes)].sort()].join(" "),
    // React and the toast library set inline style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${thumbnailOrigin}`,
    `frame-src ${embedOrigin}`,
    "connect-src 'self'",
    "font-src 'self'",
    "media-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

/** Where React Router wrote a page's HTML, relative to the client folder. */
const htmlFile = (page: Page) =>
  page.builtAt === "/" ? "index.html" : `${page.builtAt.slice(1)}/index.html`;

const builtPage = async (page: Page) => {
  const file = htmlFile(page);
  const hashes = inlineScriptHashes(await readFile(join(clientDir, file), "utf8"));
  return { file, contentSecurityPolicy: contentSecurityPolicy(hashes) };
};

/** The URLs with parameters a pattern matches beyond its bare path: "/join/:id?" gives ^/join/[^/]+/?$. */
function alsoMatches(path: string): string | undefined {
  if (!path.includes("/:")) return undefined;
  const segments = path
    .split("/")
    .slice(1)
    .map((segment) =>
      segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    );
  return `^/${segments.join("/")}/?$`;
}

const embedAllowed = `(self "${embedOrigin}")`;
// The server sends the denied features (the `=()` entries) on its other answers too.
const permissionsPolicy = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  `autoplay=${embedAllowed}`,
  `encrypted-media=${embedAllowed}`,
  `fullscreen=${embedAllowed}`,
  `picture-in-picture=${embedAllowed}`,
].join(", ");

const siteBuild: SiteBuild = {
  pages: await Promise.all(
    pages
      .filter((page) => page !== notFoundPage && page !== answerFramePage)
      .map(async (page) => ({
        path: page.builtAt,
        ...(await builtPage(page)),
        alsoMatches: alsoMatches(page.path),
      })),
  ),
  notFound: await builtPage(notFoundPage),
  answerFrame: await builtPage(answerFramePage),
  permissionsPolicy,
};
await writeFile(join(buildDir, "site.json"), `${JSON.stringify(siteBuild, null, 2)}\n`);

let original = 0;
let brotli = 0;
let count = 0;
for (const file of await files(clientDir)) {
  if (!compressible.test(file)) continue;
  const size = (await stat(file)).size;
  if (size < minCompressBytes) continue;
  const data = await readFile(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gzipSync(data, { level: 9 }));
  original += size;
  brotli += br.length;
  count++;
}
console.log(
  `postbuild: ${siteBuild.pages.length} pages and the not-found page in site.json; ${count} files precompressed in ${relative(process.cwd(), clientDir)} (${(original / 1024).toFixed(0)} KiB → ${(brotli / 1024).toFixed(0)} KiB brotli)`,
);
