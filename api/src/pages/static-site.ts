import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { type SiteBuild, siteBuildSchema } from "@ysp/contract/site-build";

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

export type SiteFiles = {
  /** Public files by URL path: assets, favicon, sitemap… */
  files: Map<string, StaticFile>;
  /** Prerendered pages by route path ("/", "/faqs", "/join" …). */
  pages: Map<string, PageFile>;
  /**
   * Raw paths with parameters that get a page too ("/join/<code>"), tried in order, with the
   * path of the page they get ("/join").
   */
  patterns: { match: RegExp; path: string; page: PageFile }[];
  notFound: PageFile;
  /** The site's header and footer around an empty card: answer-page.ts writes answers into it. */
  answerFrame: PageFile;
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

export const variant = (body: Buffer): Variant => ({
  body,
  etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
});

/**
 * A built page with other HTML, which the server wrote from it: compressed here, as the build
 * compresses the others (a 21 KB page is 6 KB in brotli). Quality 5 takes well under a
 * millisecond on a page this size.
 */
export function pageWithHtml(page: PageFile, html: string): PageFile {
  const body = Buffer.from(html);
  return {
    ...page,
    identity: variant(body),
    br: variant(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })),
    gzip: undefined,
  };
}

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

/** The built site, or build/site.json, is missing or is not what this server reads. */
export class MissingBuildError extends Error {}

/** The built page at `path`, which a route cannot do without: a build without it stops start-up. */
export function requiredPage(site: Pick<SiteFiles, "pages">, path: string): PageFile {
  const page = site.pages.get(path);
  if (!page)
    throw new MissingBuildError(`The build has no ${path} page: run \`npm run build\` again.`);
  return page;
}

/** build/site.json, which web/scripts/postbuild.ts writes: the server's only view of the pages. */
function parseSiteBuild(json: string, path: string): SiteBuild {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new MissingBuildError(`${path} is not JSON: run \`npm run build\` again.`, {
      cause: error,
    });
  }
  const result = siteBuildSchema.safeParse(parsed);
  if (!result.success) {
    const [issue] = result.error.issues;
    const where = issue?.path.join(".") || "the top level";
    throw new MissingBuildError(
      `${path} is not what this server reads (at ${where}: ${issue?.message}): run \`npm run build\` again.`,
    );
  }
  return result.data;
}

function pattern(source: string, path: string): RegExp {
  try {
    return new RegExp(source);
  } catch (error) {
    throw new MissingBuildError(
      `${path} holds a path pattern that is not a regular expression, "${source}": run \`npm run build\` again.`,
      {
        cause: error,
      },
    );
  }
}

/**
 * Reads the whole built site into memory once: it is a few hundred
 * kilobytes and does not change while the process runs. Which pages there
 * are comes from build/site.json alone.
 */
export async function loadSite(buildDir: string): Promise<SiteFiles> {
  const clientDir = join(buildDir, "client");
  const manifestPath = join(buildDir, "site.json");
  let manifestJson: string;
  let entries: string[];
  try {
    manifestJson = await readFile(manifestPath, "utf8");
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
  const build = parseSiteBuild(manifestJson, manifestPath);

  const files = new Map<string, StaticFile>();
  for (const path of entries) {
    const url = `/${relative(clientDir, path).split(sep).join("/")}`;
    if (/\.(br|gz)$/.test(url) || url.endsWith(".html")) continue;
    files.set(url, await load(path, url.startsWith("/assets/")));
  }

  const loadPage = async ({ file, contentSecurityPolicy }: SiteBuild["notFound"]) => {
    const path = join(clientDir, file);
    if (!entries.includes(path))
      throw new MissingBuildError(
        `The page ${file} named in ${manifestPath} is missing: run \`npm run build\` again.`,
      );
    return { ...(await load(path, false)), contentSecurityPolicy } satisfies PageFile;
  };
  const pages = new Map<string, PageFile>();
  const patterns: SiteFiles["patterns"] = [];
  for (const page of build.pages) {
    const file = await loadPage(page);
    pages.set(page.path, file);
    if (page.alsoMatches)
      patterns.push({
        match: pattern(page.alsoMatches, manifestPath),
        path: page.path,
        page: file,
      });
  }
  return {
    files,
    pages,
    patterns,
    notFound: await loadPage(build.notFound),
    answerFrame: await loadPage(build.answerFrame),
    permissionsPolicy: build.permissionsPolicy,
  };
}

/**
 * The page of the built site that `path` (a URL path, no query) opens, named as site.json names
 * it: "/faqs" for "/faqs/", "/join" for "/join/K7QX9M"; undefined for any other path. A link the
 * server writes from what a request says (a Referer, a form field) goes only to such a page, so
 * "//2130706433/phish" or "/\evil.example" can never become one.
 */
export function builtPagePath(
  site: Pick<SiteFiles, "pages" | "patterns">,
  path: string,
): string | undefined {
  const bare = path.replace(/(.)\/+$/, "$1");
  if (site.pages.has(bare)) return bare;
  return site.patterns.find(({ match }) => match.test(path))?.path;
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
