import { and, eq, inArray, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../db/client.ts";
import { mailOutbox, users } from "../db/schema.ts";

export type MailKind = (typeof mailOutbox.$inferSelect)["kind"];

/**
 * What a queued message is about. The words are rendered when it is sent, from the account as it
 * is then; a link's token is derived from its nonce (link-tokens.ts). Nothing secret is queued.
 */
export type QueuedMail = {
  kind: MailKind;
  /** The account the message is to or about. */
  userId?: string | null;
  nonce: string | null;
  /** A request to a parent or guardian: the message goes to the address it names. */
  guardianRequestId?: string | null;
  /** A newsletter subscription: the message goes to its address. */
  subscriptionId?: string | null;
  /** A member of staff: the message goes to their address. */
  staffMemberId?: string | null;
  /**
   * An address with no row to name it: a deleted account's, or one a link was asked for by
   * (which may have no account). Cleared once sent or handled.
   */
  toAddress?: string | null;
};

/** The account a message is to or about, as it was when the message was claimed for sending. */
export type MailStudent = { email: string; firstName: string };

/**
 * A message claimed for sending, with its account read in the claim's own statement: a statement
 * a message less (a PGlite look-up by primary key cost about 1 ms of the event loop's CPU under
 * sign-ups at 80% of the hashing ceiling, bench/cpu-profile.ts). Null when it names no account,
 * or the account is gone.
 */
export type ClaimedMail = QueuedMail & { student: MailStudent | null };

/** What delivering one message came to: sent, worth trying again later, or never deliverable. */
export type Delivery = { outcome: "sent" } | { outcome: "retry" | "give-up"; reason: string };

/** Claimed at most this many at a time; a full batch means more are due, so the next is claimed at once. */
const batchSize = 10;
/**
 * Due messages are looked for twice a second, and at once when this instance queues one (a link
 * request waits for the poll: accounts/link-requests.ts says why).
 */
const pollMs = 500;
/**
 * A message queued here is looked for this long after, not at once: the messages queued within it
 * are claimed, marked and sent as one batch over the pooled connections (about ten at 100 sign-ups
 * a second), where each sign-up woke a claim and a mark of its own, two statements a message.
 */
const gatherMs = 100;
/**
 * While sign-ups keep every hashing worker busy, one batch a second at most: sending each message
 * at once took a quarter of a core from hashing at 100 sign-ups a second, when composing one cost
 * 2.5 ms of CPU (0.1 ms since mime.ts writes it). The backlog goes out when the peak has passed.
 */
const heldBackMs = 1000;
/**
 * A claimed message is this instance's for a minute: longer than one try can take (the transport
 * gives up within 40 s), after which a message whose instance died is another's to send.
 */
const leaseSeconds = 60;
/**
 * A failed try is followed by another after half to all of `firstRetrySeconds` (MAIL_RETRY_SECONDS,
 * 30 by default), doubling to an hour between tries: by default the first seven take about an
 * hour, and 30 tries reach about a day. Then the row is marked failed.
 */
const maxAttempts = 30;
export const defaultFirstRetrySeconds = 30;
const retryDelaySeconds = (attempts: number, firstRetrySeconds: number) =>
  Math.round(Math.min(3600, firstRetrySeconds * 2 ** (attempts - 1) * (0.5 + Math.random() / 2)));
/** Sent messages are kept a week, for support to see what went out; failed ones until removed. */
const keepSentDays = 7;
const cleanEveryMs = 3600_000;

export type MailQueue = ReturnType<typeof createMailQueue>;

type QueueLog = {
  warn: (fields: Record<string, unknown>, line: string) => void;
  info: (line: string) => void;
};

type Claimed = {
  id: string;
  kind: MailKind;
  user_id: string | null;
  nonce: string | null;
  guardian_request_id: string | null;
  subscription_id: string | null;
  staff_member_id: string | null;
  to_address: string | null;
  attempts: number;
  student_email: string | null;
  student_first_name: string | null;
};

/**
 * The queue of outgoing mail: a table in the same database, written in the
 * transaction of the change that causes a message, so a rolled-back change
 * sends nothing and a committed one cannot lose its message. Workers in any
 * number of instances claim due rows with FOR UPDATE SKIP LOCKED, so each
 * message is sent by one of them at a time.
 *
 * Why a table of our own rather than pg-boss: docs/architecture.md, "Mail".
 */
export function createMailQueue(
  db: Db,
  log: QueueLog,
  /** Told of each message given up on (ysp_mail_failed_total). */
  givenUp: () => void = () => {},
  firstRetrySeconds = defaultFirstRetrySeconds,
) {
  let timer: NodeJS.Timeout | undefined;
  let gathering: NodeJS.Timeout | undefined;
  let wakeSoon = () => {};
  let draining: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let lastClean = 0;
  let failing = false;

  const claim = () =>
    queryRows<Claimed>(
      db,
      sql`with claimed as (
            update ${mailOutbox}
            set available_at = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1
            where id in (
              select id from ${mailOutbox}
              where sent_at is null and failed_at is null and available_at <= now()
              order by available_at
              limit ${batchSize}
              for update skip locked)
            returning id, kind, user_id, nonce, guardian_request_id, subscription_id, staff_member_id, to_address, attempts)
          select claimed.*, ${users.email} as student_email, ${users.firstName} as student_first_name
          from claimed left join ${users} on ${users.id} = claimed.user_id`,
    );

  async function settle(row: Claimed, delivery: Delivery): Promise<void> {
    if (delivery.outcome === "sent") return;
    const last = delivery.outcome === "give-up" || row.attempts >= maxAttempts;
    const next: SQL = last
      ? sql`failed_at = now()`
      : sql`available_at = now() + make_interval(secs => ${retryDelaySeconds(row.attempts, firstRetrySeconds)})`;
    await db.execute(
      sql`update ${mailOutbox} set ${next}, last_error = ${delivery.reason} where id = ${row.id}`,
    );
    if (last) givenUp();
  }

  async function drain(
    deliver: (id: string, mail: ClaimedMail) => Promise<Delivery>,
    holdBack: () => boolean,
  ) {
    for (;;) {
      again = false;
      const rows = await claim();
      const deliveries = await Promise.all(
        rows.map((row) =>
          deliver(row.id, {
            kind: row.kind,
            userId: row.user_id,
            nonce: row.nonce,
            guardianRequestId: row.guardian_request_id,
            subscriptionId: row.subscription_id,
            staffMemberId: row.staff_member_id,
            toAddress: row.to_address,
            student:
              row.student_email === null || row.student_first_name === null
                ? null
                : { email: row.student_email, firstName: row.student_first_name },
          }),
        ),
      );
      const sent = rows.filter((_, i) => deliveries[i]?.outcome === "sent").map((row) => row.id);
      if (sent.length > 0)
        await db
          .update(mailOutbox)
          .set({ sentAt: sql`now()`, lastError: null, toAddress: null })
          .where(inArray(mailOutbox.id, sent));
      for (const [i, row] of rows.entries()) await settle(row, deliveries[i] as Delivery);
      if ((rows.length < batchSize && !again) || holdBack()) break;
    }
    if (Date.now() - lastClean > cleanEveryMs) {
      lastClean = Date.now();
      await db
        .delete(mailOutbox)
        .where(lt(mailOutbox.sentAt, sql`now() - make_interval(days => ${keepSentDays})`));
    }
  }

  return {
    /**
     * Queues a message inside `tx`: it exists once `tx` commits, and never if it rolls back.
     * A row with no cause to commit beside it (a link request) is queued on `db` itself. Its id.
     */
    async enqueue(tx: Tx | Db, mail: QueuedMail): Promise<string> {
      const [row] = await tx.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (!row) throw new Error(`The queue wrote no row for a "${mail.kind}"`);
      return row.id;
    },

    /**
     * Withdraws, inside `tx`, the account's messages not yet sent that carry a link to its own
     * address: when that address was mistyped and is put right (signup-corrections.ts), their
     * links no longer work, and sent now they would reach the new address dead, or the old one
     * at all. A message being sent at this moment is not stopped; its link is dead too.
     */
    async withdrawLinks(tx: Tx, userId: string): Promise<void> {
      await tx
        .delete(mailOutbox)
        .where(
          and(
            eq(mailOutbox.userId, userId),
            isNull(mailOutbox.sentAt),
            isNull(mailOutbox.failedAt),
            isNull(mailOutbox.toAddress),
            isNotNull(mailOutbox.nonce),
          ),
        );
    },

    /**
     * Sends due messages with `deliver`, the row's id standing for the message's, until
     * stopped; while `holdBack()` says the machine is busy with more urgent work, slowly.
     */
    work(
      deliver: (id: string, mail: ClaimedMail) => Promise<Delivery>,
      holdBack: () => boolean,
    ): void {
      let lastStart = 0;
      const run = () => {
        if (stopped) return;
        if (draining) {
          again = true;
          return;
        }
        if (holdBack() && Date.now() - lastStart < heldBackMs) return;
        lastStart = Date.now();
        draining = drain(deliver, holdBack)
          .then(
            () => {
              if (failing) log.info("mail queue: the database answers again; sending");
              failing = false;
            },
            (error: unknown) => {
              // The database is away (a restart, a failover): said once, tried at every poll.
              if (!failing) log.warn({ err: error }, "mail queue: cannot reach the database");
              failing = true;
            },
          )
          .finally(() => {
            draining = undefined;
          });
      };
      timer = setInterval(run, pollMs);
      wakeSoon = () => {
        gathering ??= setTimeout(() => {
          gathering = undefined;
          run();
        }, gatherMs);
      };
      run();
    },

    /**
     * A message was just queued here: this instance's worker looks within `gatherMs`, with the
     * others queued meanwhile, not at its next poll.
     */
    wake: () => wakeSoon(),

    /** Stops claiming; a batch being sent is finished (and marked) first. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      clearTimeout(gathering);
      await draining;
    },
  };
}
