import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";

export type Variant = { body: Buffer; etag: string };
export type StaticFile = {
  type: string;
  /** Hashed build output: cached for a year and never revalidated. */
  immutable: boolean;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
};

/** A prerendered page, with the Content-Security-Policy naming its own inline scripts. */
export type PageFile = StaticFile & { contentSecurityPolicy: string };

/** What the build wrote beside the site (web/scripts/postbuild.ts). */
type BuildHeaders = {
  /** By HTML file, relative to the client folder ("index.html", "faqs/index.html"). */
  pagePolicies: Record<string, string>;
  permissionsPolicy: string;
};

export type SiteFiles = {
  /** Public files by URL path: assets, favicon, sitemap… */
  files: Map<string, StaticFile>;
  /** Prerendered pages by route path ("/", "/faqs", "/join" …). */
  pages: Map<string, PageFile>;
  notFound: PageFile;
  /** For every page: the video player's allowances, everything else denied. */
  permissionsPolicy: string;
};

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

const variant = (body: Buffer): Variant => ({
  body,
  etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
});

async function readOptional(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function load(path: string, immutable: boolean): Promise<StaticFile> {
  const [identity, br, gzip] = await Promise.all([
    readFile(path),
    readOptional(`${path}.br`),
    readOptional(`${path}.gz`),
  ]);
  return {
    type: types[extname(path)] ?? "application/octet-stream",
    immutable,
    identity: variant(identity),
    br: br && variant(br),
    gzip: gzip && variant(gzip),
  };
}

export class MissingBuildError extends Error {}

/**
 * Reads the whole built site into memory once: it is a few hundred
 * kilobytes and does not change while the process runs.
 */
export async function loadSite(
  buildDir: string,
  pagePaths: readonly string[],
  notFoundPath: string,
): Promise<SiteFiles> {
  const clientDir = join(buildDir, "client");
  let headersJson: string;
  let entries: string[];
  try {
    headersJson = await readFile(join(buildDir, "headers.json"), "utf8");
    entries = (await readdir(clientDir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    throw new MissingBuildError(
      `The built site is missing in ${buildDir}: run \`npm run build\` first.`,
      { cause: error },
    );
  }

  const files = new Map<string, StaticFile>();
  for (const path of entries) {
    const url = `/${relative(clientDir, path).split(sep).join("/")}`;
    if (/\.(br|gz)$/.test(url) || url.endsWith(".html")) continue;
    files.set(url, await load(path, url.startsWith("/assets/")));
  }

  const headers = JSON.parse(headersJson) as BuildHeaders;
  const loadPage = async (page: string): Promise<PageFile> => {
    const file = page === "/" ? "index.html" : `${page.slice(1)}/index.html`;
    const contentSecurityPolicy = headers.pagePolicies?.[file];
    if (contentSecurityPolicy === undefined)
      throw new MissingBuildError(
        `The page ${file} or its policy is missing in ${buildDir}: run \`npm run build\`.`,
      );
    return { ...(await load(join(clientDir, file), false)), contentSecurityPolicy };
  };
  const pages = new Map<string, PageFile>();
  for (const page of pagePaths) if (page !== notFoundPath) pages.set(page, await loadPage(page));
  const notFound = await loadPage(notFoundPath);
  return {
    files,
    pages,
    notFound,
    permissionsPolicy: headers.permissionsPolicy,
  };
}

/** The best encoding the client accepts among those we have: brotli, then gzip, then none. */
export function negotiate(
  file: StaticFile,
  acceptEncoding: string | undefined,
): { variant: Variant; encoding?: "br" | "gzip" } {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (file.br && (accepted.has("br") || accepted.has("*")))
    return { variant: file.br, encoding: "br" };
  if (file.gzip && (accepted.has("gzip") || accepted.has("*")))
    return { variant: file.gzip, encoding: "gzip" };
  return { variant: file.identity };
}
