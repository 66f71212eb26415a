import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { type StaticFile, variant } from "../pages/static-site.ts";

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * The API's document as a file of the site, sent as the site's files are (sendFile): in brotli or
 * gzip, with an ETag to revalidate. It names this server's PUBLIC_URL, so it is made by the
 * running server, once, and compressed off the event loop: 178 KB of JSON.
 */
export async function documentFile(document: object): Promise<StaticFile> {
  const body = Buffer.from(JSON.stringify(document));
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipped(body, { level: 9 }),
  ]);
  return {
    type: "application/json; charset=utf-8",
    immutable: false,
    identity: variant(body),
    br: variant(br),
    gzip: variant(gz),
  };
}
