import { randomBytes } from "node:crypto";
import { encodeWord, encodeWords, foldLines } from "nodemailer/lib/mime-funcs";
import { encode, wrap } from "nodemailer/lib/qp";
import type { Mailbox } from "./mail-config.ts";

/** What one message says and to whom: the sender's part. */
export type MessageParts = {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers: a newsletter message's List-Unsubscribe and List-Unsubscribe-Post. */
  headers: Record<string, string>;
};

const printable = /^[\x20-\x7e]*$/;
/** An address the contract's rule accepted: printable ASCII with no space, nothing to quote. */
const plainAddress = /^[\x21-\x7e]+$/;

/** A header line as nodemailer writes it: words outside ASCII encoded (RFC 2047), folded at 76. */
const headerLine = (name: string, value: string) =>
  foldLines(`${name}: ${printable.test(value) ? value : encodeWords(value, "Q", 52)}`, 76);

/** "YSP <hello@ysp.ng>", the name quoted or encoded where it must be, as nodemailer does. */
function mailbox({ name, address }: Mailbox) {
  if (name === "") return address;
  const shown = /^[\w ]*$/.test(name)
    ? name
    : printable.test(name)
      ? `"${name.replace(/["\\]/g, "\\$&")}"`
      : encodeWord(name, "Q", 52);
  return `${shown} <${address}>`;
}

/** A body part in quoted-printable, as nodemailer sent ours: CRLF line ends, lines of 76 at most. */
const quotedPrintable = (body: string) => wrap(encode(body.replace(/\r?\n/g, "\r\n")), 76);

/**
 * Writes each message's MIME source: a plain-text part and an HTML part, both quoted-printable.
 * nodemailer built a tree of nodes and streams for every message, 1.1–1.7 ms of CPU each on the
 * event loop that answers sign-ups; this writes the same message as one string, with the lines
 * every message shares (sender, reply address, part headers, boundary) prepared once, in about a
 * tenth of that. The boundary holds "=_", which quoted-printable never writes (its "=" is always
 * followed by two hex digits or a line end), so no body can contain it.
 */
export function createMimeWriter(from: Mailbox, replyTo: string) {
  const boundary = `=_ysp_${randomBytes(12).toString("hex")}`;
  const fromLine = headerLine("From", mailbox(from));
  // A reply goes where every footer says to write (content/mail.ts), not to the sender address.
  const replyToLine = headerLine("Reply-To", replyTo);
  const multipart = `MIME-Version: 1.0\r\nContent-Type: multipart/alternative;\r\n boundary="${boundary}"\r\n\r\n`;
  const part = (type: string) =>
    `--${boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n`;
  const textPart = part("text/plain");
  const htmlPart = part("text/html");
  const end = `--${boundary}--\r\n`;

  return function mimeMessage(message: MessageParts, date = new Date()): string {
    // A line break in an address would start a header of the writer's choosing.
    if (!plainAddress.test(message.to))
      throw new Error(`"${message.to}" is not an address a header can hold as it is`);
    const headers = [
      fromLine,
      replyToLine,
      headerLine("To", message.to),
      headerLine("Subject", message.subject),
      headerLine("Message-ID", message.messageId),
      headerLine("Date", date.toUTCString().replace(/GMT/, "+0000")),
      ...Object.entries(message.headers).map(([name, value]) => headerLine(name, value)),
    ];
    return `${headers.join("\r\n")}\r\n${multipart}${textPart}${quotedPrintable(message.text)}\r\n${htmlPart}${quotedPrintable(message.html)}\r\n${end}`;
  };
}
