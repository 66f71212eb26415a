import { mailWords } from "@ysp/content/mail";
import { simpleParser } from "mailparser";
import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";
import { createMimeWriter } from "./mime.ts";
import { renderMail } from "./render.ts";

const from = { name: "YSP", address: "hello@ysp.example" };
/** Every message's arguments are words: a name outside ASCII, a link, a lifetime, a second link. */
const samples = [
  "Adébáyọ̀ Ọlátúnjí",
  "https://ysp.example/verify-email?token=Zm9vYmFyYmF6cXV4cXV1eHF1dXpmb29iYXJiYXpxdXhxdXV",
  "48 hours",
  "https://ysp.example/unsubscribe?token=abc",
];
const date = new Date("2026-11-27T12:00:00Z");
const replyTo = "info@ysp.example";
const mimeMessage = createMimeWriter(from, replyTo);

/** What a mail app shows of a message: its parsed headers, words and parts. */
async function shown(source: string | Buffer) {
  const mail = await simpleParser(source);
  return {
    from: mail.from?.value,
    replyTo: mail.replyTo?.value,
    to: Array.isArray(mail.to) ? mail.to.map((to) => to.value) : mail.to?.value,
    subject: mail.subject,
    messageId: mail.messageId,
    date: mail.date,
    text: mail.text,
    html: mail.html,
    listUnsubscribe: mail.headers.get("list-unsubscribe"),
    listUnsubscribePost: mail.headers.get("list-unsubscribe-post"),
    parts: mail.attachments.length,
  };
}

describe.each(Object.keys(mailWords) as (keyof typeof mailWords)[])("the %s message", (kind) => {
  const words = (
    mailWords[kind] as (...args: string[]) => ReturnType<typeof mailWords.verifyEmail>
  )(...samples);
  const rendered = renderMail(words);
  const headers: Record<string, string> = words.unsubscribe
    ? {
        "List-Unsubscribe": `<${words.unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      }
    : {};
  const message = {
    messageId: "<0b1c@ysp.example>",
    to: "ada.obi@example.com",
    ...rendered,
    headers,
  };

  it("reads in a mail app exactly as nodemailer's composition of it did", async () => {
    const reference = await new MailComposer({ ...message, from, replyTo, date }).compile().build();
    expect(await shown(mimeMessage(message, date))).toEqual(await shown(reference));
  });

  it("keeps every line within 78 characters but the headers' unbreakable links", () => {
    const long = mimeMessage(message, date)
      .split("\r\n")
      .filter((line) => line.length > 78 && !/^List-Unsubscribe: <\S+>$/.test(line));
    expect(long).toEqual([]);
  });
});

it("refuses an address that would break its header line", () => {
  const message = { messageId: "<1@ysp.example>", subject: "Hi", text: "Hi", html: "<p>Hi</p>" };
  expect(() =>
    mimeMessage({ ...message, to: "kid@example.com\r\nBcc: all@example.com", headers: {} }),
  ).toThrow("is not an address a header can hold");
});
