import { Agent, type IncomingHttpHeaders, request } from "node:http";
import { constants, createSecureServer, type ServerHttp2Session } from "node:http2";
import type { AddressInfo } from "node:net";
import { selfSignedCertificate } from "@ysp/testing/self-signed";

export type TlsFront = { url: string; close: () => Promise<void> };

/** Headers about one HTTP/1.1 connection, which HTTP/2 forbids, and HTTP/2's own pseudo-headers. */
const connectionHeader =
  /^(:.*|connection|keep-alive|proxy-connection|transfer-encoding|upgrade|te|host)$/;

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !connectionHeader.test(name)),
  );
}

/**
 * What the front does with each answer's Cross-Origin-Opener-Policy: passes on the server's
 * (unset), sends this value on every page whatever the server said, or (null) sends none, so a
 * page can be measured with and without it (opener-policy.ts).
 */
export type FrontOptions = { openerPolicy?: string | null };

/** The answer's headers for the browser, with the opener policy the front was told to send. */
function answerHeaders(headers: IncomingHttpHeaders, { openerPolicy }: FrontOptions) {
  const forwarded = forwardable(headers);
  if (openerPolicy === undefined) return forwarded;
  delete forwarded["cross-origin-opener-policy"];
  const isPage = String(headers["content-type"] ?? "").startsWith("text/html");
  return openerPolicy !== null && isPage
    ? { ...forwarded, "cross-origin-opener-policy": openerPolicy }
    : forwarded;
}

/**
 * Phones reach the site through the load balancer, over HTTPS and HTTP/2:
 * one connection carries the page and every module it loads. This stands in
 * for it in front of the real server, so Lighthouse's simulated slow network
 * models the requests as production serves them, not as one fresh HTTP/1.1
 * connection per module, each with its own handshake and slow start.
 */
export async function startTlsFront(origin: string, options: FrontOptions = {}): Promise<TlsFront> {
  const agent = new Agent({ keepAlive: true });
  const server = createSecureServer(selfSignedCertificate("127.0.0.1"), (incoming, outgoing) => {
    const upstream = request(
      new URL(incoming.url, origin),
      {
        method: incoming.method,
        headers: { ...forwardable(incoming.headers), "x-forwarded-proto": "https" },
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answerHeaders(answer.headers, options));
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", (error) => {
      if (outgoing.headersSent) {
        outgoing.stream.close(constants.NGHTTP2_INTERNAL_ERROR);
        return;
      }
      outgoing.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
      outgoing.end(`The server behind the bench's TLS front failed: ${error.message}\n`);
    });
    incoming.pipe(upstream);
  });
  // Chromium keeps its HTTP/2 session open; closing waits for no idle session.
  const sessions = new Set<ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: async () => {
      agent.destroy();
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
