import { type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client.ts";

/**
 * One use of a refresh token: session `id` of `userId` moves from token `jti` to `next`,
 * at `at` (milliseconds), the time its pair is signed with.
 */
export type Rotation = { id: string; userId: string; jti: string; next: string; at: number };

type Waiting = {
  rotation: Rotation;
  settle: (rotated: boolean) => void;
  fail: (e: unknown) => void;
};

/** Enough to empty a busy queue in a few statements, well under PostgreSQL's parameter limit. */
const maxBatch = 200;

/**
 * Records refresh-token rotations, many per statement. Each rotation is a
 * conditional update (the session must still hold `jti` and be live), so of
 * two uses of one token exactly one matches. Rotations that arrive while a
 * statement runs wait and go together in the next one: under load a refresh
 * costs the database a row in a shared UPDATE instead of an UPDATE of its own.
 */
export function createTokenRotations(db: Db) {
  let queue: Waiting[] = [];
  let running = false;

  const update = (rotations: Rotation[]): SQL => {
    const rows = rotations.map(
      (r) =>
        sql`(${r.id}::uuid, ${r.userId}::uuid, ${r.jti}::uuid, ${r.next}::uuid, ${r.at}::float8)`,
    );
    return sql`update auth_sessions as s
      set previous_jti = s.current_jti, current_jti = v.next, rotated_at = to_timestamp(v.at / 1000)
      from (values ${sql.join(rows, sql`, `)}) as v(id, user_id, jti, next, at)
      where s.id = v.id and s.user_id = v.user_id and s.current_jti = v.jti and s.revoked_at is null
      returning s.id`;
  };

  async function run(batch: Waiting[]) {
    // One row per session in a statement: a second use of a session's token waits for the
    // next statement, where it meets the token the first one recorded and does not match.
    const sessions = new Set<string>();
    const now: Waiting[] = [];
    for (const waiting of batch) {
      if (sessions.has(waiting.rotation.id)) queue.push(waiting);
      else {
        sessions.add(waiting.rotation.id);
        now.push(waiting);
      }
    }
    try {
      const rows = await queryRows<{ id: string }>(db, update(now.map((w) => w.rotation)));
      const rotated = new Set(rows.map((row) => row.id));
      for (const waiting of now) waiting.settle(rotated.has(waiting.rotation.id));
    } catch (error) {
      for (const waiting of now) waiting.fail(error);
    }
  }

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      await run(batch);
    }
    running = false;
  }

  return {
    /** True when the session held `jti` and now holds `next`; false when it did not match. */
    rotate(rotation: Rotation): Promise<boolean> {
      return new Promise((settle, fail) => {
        queue.push({ rotation, settle, fail });
        if (!running) {
          running = true;
          // The rest of this turn's requests join the first statement.
          setImmediate(() => void drain());
        }
      });
    },
  };
}
