import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { selfSignedCertificate } from "@ysp/testing/self-signed";
import { thumbnailOrigin } from "@ysp/web/video";

export type ThumbnailHost = {
  /** Chromium flags that send the thumbnail host's traffic here. */
  chromeFlags: string[];
  close: () => Promise<void>;
};

/**
 * This machine has no internet, so the lesson thumbnails' host would fail
 * every request and Lighthouse would count the failures against the page.
 * A local HTTPS server stands in for it, answering every thumbnail with a
 * real image (the site's own share image, from the server under test), as
 * the real host would.
 */
export async function startThumbnailHost(serverUrl: string): Promise<ThumbnailHost> {
  const hostname = new URL(thumbnailOrigin).hostname;
  const answer = await fetch(`${serverUrl}/og-image.jpg`);
  if (!answer.ok) throw new Error(`${serverUrl}/og-image.jpg answered ${answer.status}`);
  const image = Buffer.from(await answer.arrayBuffer());
  const server = createServer(selfSignedCertificate(hostname), (_request, response) => {
    response.writeHead(200, {
      "content-type": "image/jpeg",
      "cache-control": "public, max-age=86400",
    });
    response.end(image);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    chromeFlags: [`--host-resolver-rules=MAP ${hostname} 127.0.0.1:${port}`],
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
