import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message as it arrived at the test SMTP server: parsed, with its envelope and raw bytes. */
export type ReceivedMail = {
  /** The envelope's recipients, lower-case. */
  to: string[];
  from: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  headers: ParsedMail["headers"];
  raw: string;
  /** Every http(s) link in the plain-text part, in order. */
  links: string[];
  /** When the server had the whole message (Date.now()). */
  receivedAt: number;
};

export type SmtpTestServer = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first message (already here or arriving within `timeoutMs`) that matches. */
  waitFor: (match: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  /** Messages sent to this address so far. */
  to: (address: string) => ReceivedMail[];
  /** While true, every message is refused with a temporary failure (451), as a busy server does. */
  refuse: (refusing: boolean) => void;
  close: () => Promise<void>;
};

const linkPattern = /https?:\/\/[^\s<>"')]+/g;

/**
 * A real SMTP server on localhost (the smtp-server package), with no
 * authentication and no TLS, that keeps every message it accepts: the API
 * sends to it exactly as it would to a provider.
 */
export async function startSmtpServer({ parse = true } = {}): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusing) {
          const error = Object.assign(new Error("Try again later"), { responseCode: 451 });
          callback(error);
          return;
        }
        const receivedAt = Date.now();
        const raw = Buffer.concat(chunks).toString("utf8");
        if (!parse) {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "",
            messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? "",
            text: "",
            html: "",
            headers: new Map(),
            raw,
            links: [],
            receivedAt,
          });
          for (const wake of waiters) wake();
          callback();
          return;
        }
        simpleParser(raw).then(
          (parsed) => {
            const text = parsed.text ?? "";
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              subject: parsed.subject ?? "",
              messageId: parsed.messageId ?? "",
              text,
              html: typeof parsed.html === "string" ? parsed.html : "",
              headers: parsed.headers,
              raw,
              links: text.match(linkPattern) ?? [],
              receivedAt,
            });
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A client killed mid-session (the chaos suite kills the API on purpose) resets its
  // connection; unheard, that error would be thrown in the test process.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  const waitFor: SmtpTestServer["waitFor"] = (match, timeoutMs = 15_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = received.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(
            `No matching message within ${timeoutMs} ms; received: ${
              received.map((m) => `${m.to.join(",")} "${m.subject}"`).join("; ") || "none"
            }`,
          ),
        );
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor,
    to: (address) => received.filter((m) => m.to.includes(address.toLowerCase())),
    refuse: (value) => {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
