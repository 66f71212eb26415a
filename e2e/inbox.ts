import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ReceivedMail } from "@ysp/testing/smtp";

/** Where the browser-test server (server.ts) writes each message its SMTP server receives. */
export const inboxDir = (dataDir: string) => join(dataDir, "inbox");

export type InboxMail = Omit<ReceivedMail, "raw" | "headers">;

/** Every message received so far. */
export function readInbox(): InboxMail[] {
  const dir = inboxDir(process.env.E2E_DATA_DIR ?? "");
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as InboxMail);
}

/** Messages to this address with this subject, oldest first. */
export const mailTo = (email: string, subject: string) =>
  readInbox().filter((mail) => mail.to.includes(email.toLowerCase()) && mail.subject === subject);

/** The `count`th such message (1 = the first), once it has arrived, within 15 s. */
export async function waitForMail(email: string, subject: string, count = 1): Promise<InboxMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = mailTo(email, subject)[count - 1];
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no message ${count} "${subject}" to ${email} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The path and query of a message's one link, to open on the test server. */
export function linkIn(mail: InboxMail): string {
  const [link] = mail.links;
  if (!link || mail.links.length !== 1) throw new Error(`expected one link in "${mail.subject}"`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/** The path and query of the message's link to `path`. */
export function linkTo(mail: InboxMail, path: string): string {
  const link = mail.links.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`no link to ${path} in "${mail.subject}"`);
  const url = new URL(link);
  return url.pathname + url.search;
}
