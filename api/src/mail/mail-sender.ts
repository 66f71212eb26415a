import { accountPages, linkLifetimes, linkTokenParameter } from "@ysp/contract";
import { type MailWords, mailWords } from "@ysp/web/content/mail";
import type { Students } from "../accounts/students.ts";
import type { LinkTokens } from "./link-tokens.ts";
import type { MailConfig } from "./mail-config.ts";
import type { Delivery, QueuedMail } from "./mail-queue.ts";
import { renderMail } from "./render.ts";
import type { MailTransport } from "./transport.ts";

type SenderOptions = {
  config: MailConfig;
  students: Pick<Students, "findById">;
  tokens: LinkTokens;
  transport: MailTransport;
};

/** SMTP answers 5xx for a message no retry will deliver (no such mailbox, refused); 4xx is for later. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

/**
 * Sends one queued message: renders it from the account as it is now, with a
 * Message-ID made from the queue's job id, so every try of a message carries
 * the same one and a mail app that receives it twice can tell.
 */
export function createMailSender({ config, students, tokens, transport }: SenderOptions) {
  const domain = config.from.address.split("@")[1];
  const link = (path: string, nonce: string | null) => {
    if (nonce === null)
      throw new Error(`A message with a link to ${path} was queued without its nonce`);
    return `${config.publicUrl}${path}?${linkTokenParameter}=${tokens.token(nonce)}`;
  };

  const words = (mail: QueuedMail, firstName: string): MailWords => {
    switch (mail.kind) {
      case "verify-email":
        return mailWords.verifyEmail(
          firstName,
          link(accountPages.verifyEmail, mail.nonce),
          linkLifetimes.verifyEmail.words,
        );
      case "reset-password":
        return mailWords.resetPassword(
          firstName,
          link(accountPages.resetPassword, mail.nonce),
          linkLifetimes.resetPassword.words,
        );
      case "password-changed":
        return mailWords.passwordChanged(
          firstName,
          `${config.publicUrl}${accountPages.forgotPassword}`,
        );
    }
  };

  return async function deliver(id: string, mail: QueuedMail): Promise<Delivery> {
    const user = await students.findById(mail.userId);
    if (!user) return { outcome: "give-up", reason: "The account no longer exists" };
    let message: MailWords;
    try {
      message = words(mail, user.firstName);
    } catch (error) {
      return { outcome: "give-up", reason: String(error) };
    }
    const rendered = renderMail(message);
    try {
      await transport.send({
        messageId: `<${id}@${domain}>`,
        to: user.email,
        ...rendered,
        links: message.action ? [message.action.url] : [],
      });
      return { outcome: "sent" };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { outcome: isPermanent(error) ? "give-up" : "retry", reason };
    }
  };
}
