import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { site } from "@ysp/content/site";
import nodemailer from "nodemailer";
import type { MailConfig } from "./mail-config.ts";
import { createMimeWriter, type MessageParts } from "./mime.ts";

export type OutgoingMail = MessageParts & {
  /** The message's links, logged when it is written to a file rather than sent. */
  links: readonly string[];
};

export type MailTransport = {
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

/**
 * Where messages go: the SMTP server of SMTP_URL, over pooled connections; or,
 * with no SMTP_URL (`npm start` on a laptop), .eml files under data/mail/,
 * each logged with its links on one line so a person trying the site can follow them.
 */
export function createMailTransport(
  config: MailConfig,
  log: (fields: Record<string, unknown>, line: string) => void,
): MailTransport {
  const from = config.from;
  const transport = config.transport;
  const mimeMessage = createMimeWriter(from, site.email);
  if (transport.kind === "smtp") {
    const smtp = nodemailer.createTransport({
      url: transport.url,
      // A batch of the queue's (10) is sent over five connections at once: a provider takes
      // 100-300 ms a message, and one connection would deliver only a few a second.
      pool: true,
      maxConnections: 5,
      // Bounded, so a dead server fails a try (to be retried) instead of holding a worker; 40 s
      // at most, within the minute after which the queue gives the message to another worker.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      send: async ({ links: _links, ...mail }) => {
        await smtp.sendMail({
          envelope: { from: from.address, to: [mail.to] },
          raw: mimeMessage(mail),
        });
      },
      close: () => smtp.close(),
    };
  }
  return {
    send: async ({ links, ...mail }) => {
      await mkdir(transport.dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}_${messageFileId(mail.messageId)}.eml`;
      const file = join(transport.dir, name);
      await writeFile(file, mimeMessage(mail));
      log(
        { to: mail.to, subject: mail.subject, file, links },
        "mail written to a file (no SMTP_URL)",
      );
    },
    close: () => {},
  };
}

/**
 * A message's file name part: its Message-ID's id alone (`<id@ysp.ng>` gives `id`), so the time
 * and the id read apart instead of running into the sender's domain (`…-c95ysp.ng.eml`).
 */
const messageFileId = (messageId: string) =>
  (messageId.replace(/^<|>$/g, "").split("@")[0] ?? "").replace(/[^\w-]/g, "");
