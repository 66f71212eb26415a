import type { ReceivedMail } from "@ysp/testing/smtp";

export type MailResult = {
  /** Messages counted. */
  messages: number;
  /** Messages the SMTP server received per second while a backlog was being sent. */
  perSecond: number;
  /** From each account's creation (the row's created_at) to its message's arrival. */
  delayP50Ms: number;
  delayP99Ms: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/**
 * The time from each sign-up to its "Confirm your email" reaching the local
 * SMTP server: the account's created_at is its transaction's start, a few
 * milliseconds before the 201.
 */
export function confirmationDelays(
  received: readonly ReceivedMail[],
  createdAt: Map<string, Date>,
) {
  const delays = received
    .filter((mail) => mail.subject === "Confirm your email")
    .flatMap((mail) => {
      const created = createdAt.get(mail.to[0] ?? "");
      return created ? [mail.receivedAt - created.getTime()] : [];
    })
    .sort((a, b) => a - b);
  return {
    messages: delays.length,
    p50Ms: Math.round(percentile(delays, 0.5)),
    p99Ms: Math.round(percentile(delays, 0.99)),
  };
}

/** Messages per second between the first and the last of these to arrive. */
export function arrivalRate(received: readonly ReceivedMail[]): number {
  const times = received.map((mail) => mail.receivedAt);
  if (times.length < 2) return 0;
  const seconds = (Math.max(...times) - Math.min(...times)) / 1000;
  return Number(((times.length - 1) / seconds).toFixed(1));
}
