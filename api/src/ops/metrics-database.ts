import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";
import { backgroundRuns, dataRequests, mailOutbox } from "../db/schema.ts";
import type { DatabaseFigures } from "./metrics.ts";

/**
 * The figures every instance reports alike, in one statement: the unsent mail is counted on
 * the outbox's partial index of unsent rows (mail_outbox_due_idx), so a backlog of sent mail
 * costs nothing; open data requests are a few a day.
 */
export function readDatabaseFigures(db: Db): () => Promise<DatabaseFigures> {
  const unsent = sql`${mailOutbox.sentAt} is null and ${mailOutbox.failedAt} is null`;
  return async () => {
    const [row] = await queryRows<{
      queued: number;
      oldest: number | null;
      open: number;
      swept: number | null;
    }>(
      db,
      sql`select
            (select count(*)::int from ${mailOutbox} where ${unsent}) as queued,
            (select extract(epoch from now() - min(${mailOutbox.createdAt}))::float8
               from ${mailOutbox} where ${unsent}) as oldest,
            (select count(*)::int from ${dataRequests} where ${dataRequests.doneAt} is null) as open,
            (select extract(epoch from ${backgroundRuns.succeededAt})::float8 from ${backgroundRuns}
               where ${backgroundRuns.name} = 'erasure-sweep') as swept`,
    );
    if (!row) throw new Error("The metrics' statement returned no row");
    return {
      mailQueued: row.queued,
      oldestUnsentSeconds: row.oldest ?? 0,
      dataRequestsOpen: row.open,
      erasureSweepSucceededAt: row.swept ?? 0,
    };
  };
}

/** Marks the erasure sweep done now, for every instance to report. */
export async function recordErasureSweep(db: Db): Promise<void> {
  await db
    .insert(backgroundRuns)
    .values({ name: "erasure-sweep", succeededAt: sql`now()` })
    .onConflictDoUpdate({ target: backgroundRuns.name, set: { succeededAt: sql`now()` } });
}
