import type { FastifyReply, FastifyRequest } from "fastify";
import { negotiate, type PageFile, type StaticFile } from "./static-site.ts";

const immutable = "public, max-age=31536000, immutable";
const revalidate = "no-cache";

/**
 * Whether an If-None-Match field names this entity tag (RFC 9110 §13.1.2): `*` names any, and
 * each tag of its list is compared weakly, so `W/"x"` names `"x"`. A browser sends back the tag it
 * was given; a cache or a proxy that compressed the body may send a weak one, or several.
 */
export function namesTag(field: string | undefined, etag: string): boolean {
  if (field === undefined) return false;
  if (field.trim() === "*") return true;
  const opaque = (tag: string) => tag.replace(/^W\//, "");
  return (field.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Sends a file of the site in the encoding the browser takes best. `cacheControl`: a page made
 * for one person (a parent's, with a student's name) says no-store instead.
 */
export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StaticFile | PageFile,
  { status = 200, cacheControl }: { status?: number; cacheControl?: string } = {},
) {
  const { variant, encoding } = negotiate(file, request.headers["accept-encoding"]);
  reply.header("Content-Type", file.type);
  if ("contentSecurityPolicy" in file)
    reply.header("Content-Security-Policy", file.contentSecurityPolicy);
  reply.header("Cache-Control", cacheControl ?? (file.immutable ? immutable : revalidate));
  // Added to what the route's answer already varies by (the sign-up page by User-Agent).
  if (file.br || file.gzip)
    reply.header("Vary", [reply.getHeader("Vary"), "Accept-Encoding"].filter(Boolean).join(", "));
  if (encoding) reply.header("Content-Encoding", encoding);
  if (status === 200) {
    reply.header("ETag", variant.etag);
    if (namesTag(request.headers["if-none-match"], variant.etag)) return reply.code(304).send();
  }
  return reply.code(status).send(variant.body);
}

/** The text a percent-encoded part stands for, or the part as it is when it decodes to nothing. */
export function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
