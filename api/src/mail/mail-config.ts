/** A message's sender or recipient: "YSP <hello@ysp.ng>" is { name: "YSP", address: "hello@ysp.ng" }. */
export type Mailbox = { name: string; address: string };

export type MailConfig = {
  /** SMTP_URL's server; without one, messages are written as files for a person to open. */
  transport: { kind: "smtp"; url: string } | { kind: "files"; dir: string };
  from: Mailbox;
  /** The origin links in messages lead to, such as https://ysp.ng. */
  publicUrl: string;
};
