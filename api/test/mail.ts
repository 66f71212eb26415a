import type { ReceivedMail, SmtpTestServer } from "@ysp/testing/smtp";
import { expect } from "vitest";

/** Where the links in the app's mail lead, in the tests that read it. */
export const testPublicUrl = "https://ysp.example";

const matches = (mail: ReceivedMail, email: string, subject: string | RegExp) =>
  mail.to.includes(email.toLowerCase()) &&
  (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject));

/** The first message to `email` with `subject` that the test SMTP server has or will receive. */
export const mailTo = (smtp: SmtpTestServer, email: string, subject: string | RegExp) =>
  smtp.waitFor((mail) => matches(mail, email, subject));

/**
 * Waits, when called, for a message to `email` with `subject` that had not arrived when this was
 * made: for the second message of a kind, which `mailTo` would answer with the first.
 */
export function nextMailTo(smtp: SmtpTestServer, email: string, subject: string | RegExp) {
  const seen = new Set(smtp.received);
  return () => smtp.waitFor((mail) => !seen.has(mail) && matches(mail, email, subject));
}

/** The token of the message's link to `path` on the app's public address, checked to be there. */
export function tokenIn(mail: ReceivedMail, path: string): string {
  const link = mail.links.find((url) => url.startsWith(`${testPublicUrl}${path}?`));
  expect(link, `a link to ${path} in ${mail.links.join(", ")}`).toBeDefined();
  return new URL(link ?? "").searchParams.get("token") ?? "";
}
