import { type MailWords, mailWords } from "@ysp/content/mail";
import {
  accountPages,
  dataRightsLifetimes,
  dataRightsPages,
  emailChangeLifetimes,
  emailChangePages,
  googleSignIn,
  linkLifetimes,
  linkTokenParameter,
  staffLifetimes,
  staffPages,
} from "@ysp/contract";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Newsletter } from "../accounts/newsletter.ts";
import type { Db } from "../db/client.ts";
import {
  consentRecords,
  guardianRequests,
  newsletterSubscriptions,
  staffMembers,
  users,
} from "../db/schema.ts";
import { dayWords } from "../pages/lagos-time.ts";
import type { LinkTokens } from "./link-tokens.ts";
import type { MailConfig } from "./mail-config.ts";
import type { ClaimedMail, Delivery, MailStudent } from "./mail-queue.ts";
import { renderMail } from "./render.ts";
import type { MailTransport } from "./transport.ts";

type SenderOptions = {
  config: MailConfig;
  db: Db;
  newsletter: Pick<Newsletter, "unsubscribeToken">;
  tokens: LinkTokens;
  transport: MailTransport;
  /** Told of each message the relay took, and of each try that failed (metrics.ts). */
  counts: { sent: () => void; failedTry: (permanent: boolean) => void };
};

/** SMTP answers 5xx for a message no retry will deliver (no such mailbox, refused); 4xx is for later. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

/** A message ready to send, or why it never can be. */
type Composed = { to: string; words: MailWords } | { gone: string };

/**
 * Sends one queued message: renders it from the rows it is about as they are
 * now, with a Message-ID made from the queue's job id, so every try of a
 * message carries the same one and a mail app that receives it twice can tell.
 */
export function createMailSender({
  config,
  db,
  newsletter,
  tokens,
  transport,
  counts,
}: SenderOptions) {
  const domain = config.from.address.split("@")[1];
  const page = (path: string) => `${config.publicUrl}${path}`;
  const link = (path: string, nonce: string | null) => {
    if (nonce === null)
      throw new Error(`A message with a link to ${path} was queued without its nonce`);
    return `${page(path)}?${linkTokenParameter}=${tokens.token(nonce)}`;
  };

  function toStudent(mail: ClaimedMail, words: (user: MailStudent) => MailWords): Composed {
    const user = mail.student;
    if (!user) return { gone: "The account no longer exists" };
    return { to: user.email, words: words(user) };
  }

  /** A message about the account that goes to another of its addresses: the new, or the old. */
  const atAddress = (composed: Composed, to: string | null | undefined): Composed => {
    if ("gone" in composed) return composed;
    if (!to) return { gone: "No address to write to" };
    return { ...composed, to };
  };

  /** To the student: the day the account is erased, 30 days after the guardian's refusal. */
  async function guardianRefused(mail: ClaimedMail): Promise<Composed> {
    const [refusal] = await db
      .select({ at: consentRecords.createdAt })
      .from(consentRecords)
      .where(
        and(
          eq(consentRecords.userId, mail.userId ?? ""),
          eq(consentRecords.kind, "guardian_refused"),
        ),
      )
      .orderBy(desc(consentRecords.createdAt))
      .limit(1);
    const at = refusal?.at ?? new Date();
    const eraseOn = new Date(at.getTime() + dataRightsLifetimes.erasureAfterRefusal.seconds * 1000);
    return toStudent(mail, (user) =>
      mailWords.guardianRefused(user.firstName, dayWords(eraseOn), page(dataRightsPages.yourData)),
    );
  }

  /** To the guardian whose address the student gave, naming the student. */
  async function guardianRequest(mail: ClaimedMail): Promise<Composed> {
    const [request] = await db
      .select({
        to: guardianRequests.guardianEmail,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(guardianRequests)
      .innerJoin(users, eq(users.id, guardianRequests.userId))
      .where(eq(guardianRequests.id, mail.guardianRequestId ?? ""));
    if (!request) return { gone: "The request or its account no longer exists" };
    return {
      to: request.to,
      words: mailWords.guardianRequest(
        `${request.firstName} ${request.lastName}`,
        link(dataRightsPages.guardianConsent, mail.nonce),
        dataRightsLifetimes.guardianConsent.words,
        page("/privacy-policy"),
      ),
    };
  }

  /** To the address subscribed to the newsletter, with the link that unsubscribes it. */
  async function newsletterConfirm(mail: ClaimedMail): Promise<Composed> {
    const [subscription] = await db
      .select({ email: newsletterSubscriptions.email })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, mail.subscriptionId ?? ""));
    if (!subscription || !mail.subscriptionId) return { gone: "The subscription no longer exists" };
    const unsubscribe = `${page(dataRightsPages.unsubscribe)}?${linkTokenParameter}=${newsletter.unsubscribeToken(mail.subscriptionId)}`;
    return {
      to: subscription.email,
      words: mailWords.newsletterConfirm(
        link(dataRightsPages.newsletterConfirm, mail.nonce),
        dataRightsLifetimes.newsletterConfirm.words,
        unsubscribe,
      ),
    };
  }

  /** To a member of staff: the link that registers their passkey, while they are not removed. */
  async function staffEnrol(mail: ClaimedMail): Promise<Composed> {
    const [member] = await db
      .select({ to: staffMembers.email, role: staffMembers.role })
      .from(staffMembers)
      .where(and(eq(staffMembers.id, mail.staffMemberId ?? ""), isNull(staffMembers.removedAt)));
    if (!member) return { gone: "The member of staff is removed" };
    return {
      to: member.to,
      words: mailWords.staffEnrol(
        link(staffPages.enrol, mail.nonce),
        staffLifetimes.enrol.words,
        member.role,
      ),
    };
  }

  /** Each kind's words and address; most need only the student, the three above read more rows. */
  async function compose(mail: ClaimedMail): Promise<Composed> {
    switch (mail.kind) {
      case "verify-email":
        return toStudent(mail, (user) =>
          mailWords.verifyEmail(
            user.firstName,
            link(accountPages.verifyEmail, mail.nonce),
            linkLifetimes.verifyEmail.words,
          ),
        );
      case "reset-password":
        return toStudent(mail, (user) =>
          mailWords.resetPassword(
            user.firstName,
            link(accountPages.resetPassword, mail.nonce),
            linkLifetimes.resetPassword.words,
          ),
        );
      case "password-changed":
        return toStudent(mail, (user) =>
          mailWords.passwordChanged(user.firstName, page(accountPages.forgotPassword)),
        );
      case "your-data":
        return toStudent(mail, (user) =>
          mailWords.yourData(
            user.firstName,
            link(dataRightsPages.yourData, mail.nonce),
            dataRightsLifetimes.yourData.words,
          ),
        );
      case "guardian-refused":
        return guardianRefused(mail);
      case "guardian-request":
        return guardianRequest(mail);
      case "email-change-confirm":
        return atAddress(
          toStudent(mail, (user) =>
            mailWords.emailChangeConfirm(
              user.firstName,
              link(emailChangePages.confirm, mail.nonce),
              emailChangeLifetimes.confirm.words,
              emailChangeLifetimes.undo.words,
            ),
          ),
          mail.toAddress,
        );
      case "email-change-taken":
        return toStudent(mail, (user) =>
          mailWords.emailChangeTaken(user.firstName, page(accountPages.forgotPassword)),
        );
      case "email-changed":
        return atAddress(
          toStudent(mail, (user) =>
            mailWords.emailChanged(
              user.firstName,
              link(emailChangePages.undo, mail.nonce),
              emailChangeLifetimes.undo.words,
              user.email,
            ),
          ),
          mail.toAddress,
        );
      case "email-change-undone":
        return toStudent(mail, (user) =>
          mailWords.emailChangeUndone(
            user.firstName,
            link(accountPages.resetPassword, mail.nonce),
            emailChangeLifetimes.resetAfterUndo.words,
            page(accountPages.forgotPassword),
          ),
        );
      case "google-link":
        return toStudent(mail, (user) =>
          mailWords.googleLink(
            user.firstName,
            link(googleSignIn.linkPage, mail.nonce),
            googleSignIn.linkLifetime.words,
          ),
        );
      case "google-took-over":
        return toStudent(mail, (user) =>
          mailWords.googleTookOver(user.firstName, page(accountPages.forgotPassword)),
        );
      case "account-deleted":
        if (!mail.toAddress) return { gone: "No address to tell" };
        return { to: mail.toAddress, words: mailWords.accountDeleted() };
      case "newsletter-confirm":
        return newsletterConfirm(mail);
      case "staff-enrol":
        return staffEnrol(mail);
      case "verify-email-request":
      case "reset-password-request":
      case "your-data-request":
        // Never given to the sender: the worker hands these to accounts/link-requests.ts.
        return { gone: "A link request is handled, not sent" };
    }
  }

  return async function deliver(id: string, mail: ClaimedMail): Promise<Delivery> {
    let composed: Composed;
    try {
      composed = await compose(mail);
    } catch (error) {
      return { outcome: "give-up", reason: String(error) };
    }
    if ("gone" in composed) return { outcome: "give-up", reason: composed.gone };
    const { to, words } = composed;
    const rendered = renderMail(words);
    try {
      await transport.send({
        messageId: `<${id}@${domain}>`,
        to,
        ...rendered,
        headers: words.unsubscribe
          ? {
              "List-Unsubscribe": `<${words.unsubscribe}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            }
          : {},
        links: [words.action?.url, words.unsubscribe].filter((url) => url !== undefined),
      });
      counts.sent();
      return { outcome: "sent" };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = isPermanent(error);
      counts.failedTry(permanent);
      return { outcome: permanent ? "give-up" : "retry", reason };
    }
  };
}
