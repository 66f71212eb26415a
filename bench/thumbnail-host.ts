import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { thumbnailOrigin } from "../web/app/lib/video.ts";

export type ThumbnailHost = {
  /** Chromium flags that send the thumbnail host's traffic here. */
  chromeFlags: string[];
  close: () => Promise<void>;
};

/**
 * This machine has no internet, so the lesson thumbnails' host would fail
 * every request and Lighthouse would count the failures against the page.
 * A local HTTPS server stands in for it, answering every thumbnail with a
 * real image, as the real host would.
 */
export async function startThumbnailHost(): Promise<ThumbnailHost> {
  const dir = mkdtempSync(join(tmpdir(), "ysp-thumbs-"));
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      `/CN=${new URL(thumbnailOrigin).hostname}`,
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  const image = readFileSync(new URL("../web/public/og-image.jpg", import.meta.url));
  const server = createServer(
    { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) },
    (_request, response) => {
      response.writeHead(200, {
        "content-type": "image/jpeg",
        "cache-control": "public, max-age=86400",
      });
      response.end(image);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    chromeFlags: [
      `--host-resolver-rules=MAP ${new URL(thumbnailOrigin).hostname} 127.0.0.1:${port}`,
      // The stand-in's certificate is made for this run; nothing else is fetched over HTTPS.
      "--ignore-certificate-errors",
    ],
    close: async () => {
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
