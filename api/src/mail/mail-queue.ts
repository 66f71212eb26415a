import { type SQL, sql } from "drizzle-orm";
import { fromDrizzle, type Job, type Db as JobDatabase, type JobResult, PgBoss } from "pg-boss";

/**
 * What a queued message is about. The words are rendered when it is sent, from the account as it
 * is then; a link's token is derived from its nonce (link-tokens.ts). Nothing secret is queued.
 */
export type QueuedMail =
  | { kind: "verify-email"; userId: string; nonce: string }
  | { kind: "reset-password"; userId: string; nonce: string }
  | { kind: "password-changed"; userId: string };

/** What delivering one message came to: sent, worth trying again later, or never deliverable. */
export type Delivery = { outcome: "sent" } | { outcome: "retry" | "give-up"; reason: string };

/** Runs raw SQL inside the caller's transaction (a Drizzle transaction has `execute`). */
export type Transaction = { execute(query: SQL): Promise<unknown> };

const queueName = "mail";

/**
 * A message that fails is tried again after 15 to 30 s, doubling to at most an hour between
 * tries: the first eight take about an hour and a half, and 30 reach about a day, after which the job stays in the queue's table marked
 * failed for a week. A worker beats every 5 s while it sends; a try whose worker has missed
 * 10 s of beats (a killed instance) or that has run a minute (longer than the transport's
 * timeouts allow) is tried again: the same job, so the same Message-ID.
 */
const queueOptions = {
  retryLimit: 30,
  retryDelay: 15,
  retryBackoff: true,
  retryDelayMax: 3600,
  heartbeatSeconds: 10,
  expireInSeconds: 60,
  deleteAfterSeconds: 7 * 24 * 3600,
};

export type MailQueue = Awaited<ReturnType<typeof openMailQueue>>;

/**
 * The queue of outgoing mail, in the database itself (pg-boss): a message is
 * queued in the transaction of the change that causes it, so a rolled-back
 * change sends nothing and a committed one cannot lose its message. Workers in
 * any number of instances claim messages with FOR UPDATE SKIP LOCKED, so each is
 * sent by one of them.
 */
export async function openMailQueue(
  connection: JobDatabase,
  backend: "pglite" | "postgres",
  onError: (error: Error) => void,
) {
  const boss = new PgBoss({
    db: connection,
    backend,
    // No cron schedules; supervision (retries of expired tries, cleanup) runs in every instance,
    // and pg-boss lets one at a time do it.
    schedule: false,
    // Supervision finds the tries of a killed instance; the default minute would add to their wait.
    superviseIntervalSeconds: 10,
    monitorIntervalSeconds: 10,
  });
  boss.on("error", onError);
  await boss.start();
  // Made once, with the options above; changing them later takes boss.updateQueue (and some,
  // such as heartbeatSeconds, a new queue).
  if (!(await boss.getQueue(queueName))) await boss.createQueue(queueName, queueOptions);
  let workerId: string | undefined;

  return {
    /** Queues a message inside `tx`: it exists once `tx` commits, and never if it rolls back. */
    async enqueue(tx: Transaction, mail: QueuedMail): Promise<void> {
      const id = await boss.send(queueName, mail, {
        db: fromDrizzle(tx as Parameters<typeof fromDrizzle>[0], sql),
      });
      if (id === null) throw new Error(`The mail queue refused a ${mail.kind} message`);
    },

    /** Sends queued messages with `deliver`, the job's id standing for the message's. */
    async work(deliver: (id: string, mail: QueuedMail) => Promise<Delivery>): Promise<void> {
      workerId = await boss.work<QueuedMail>(
        queueName,
        // Polled twice a second: a message queued by another instance waits at most that long.
        { perJobResults: true, batchSize: 4, localConcurrency: 1, pollingIntervalSeconds: 0.5 },
        (jobs: Job<QueuedMail>[]) =>
          Promise.all(
            jobs.map(async (job): Promise<JobResult> => {
              const delivery = await deliver(job.id, job.data);
              if (delivery.outcome === "sent") return { id: job.id, status: "completed" };
              // A failed job is tried again until its retries run out; a dead-lettered one is not.
              const status = delivery.outcome === "retry" ? "failed" : "deadletter";
              return { id: job.id, status, output: { reason: delivery.reason } };
            }),
          ),
      );
    },

    /** A message was just queued here: this instance's worker looks now, not at its next poll. */
    wake(): void {
      if (workerId) boss.notifyWorker(workerId);
    },

    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
