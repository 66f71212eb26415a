import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { databaseOn, databasesForFile } from "../../test/harness.ts";
import { queryRows } from "../db/client.ts";
import { createStaffSessions } from "./staff-sessions.ts";

describe.each(databasesForFile())("a staff session's last request, on $name", (testDb) => {
  const suite = databaseOn(testDb);

  it("moves on once a minute at most: a dashboard and its CSV links cost one write", async () => {
    const { db } = suite.database;
    let clock = Date.parse("2026-11-30T09:00:00Z");
    const sessions = createStaffSessions(db, () => clock);
    const [member] = await queryRows<{ id: string }>(
      db,
      sql`insert into staff_members (email, role) values (${`touch-${crypto.randomUUID()}@ysp.example`}, 'staff')
          returning id`,
    );
    const token = await sessions.start(member?.id ?? "");
    const lastSeen = async () => {
      const [row] = await queryRows<{ at: Date }>(
        db,
        sql`select last_seen_at as at from staff_sessions where staff_member_id = ${member?.id}`,
      );
      return new Date(row?.at ?? 0).toISOString();
    };
    const start = new Date(clock).toISOString();
    for (const [after, seen] of [
      [59_999, start],
      [60_000, "2026-11-30T09:01:00.000Z"],
      [60_000 + 59_999, "2026-11-30T09:01:00.000Z"],
    ] as const) {
      clock = Date.parse(start) + after;
      expect(await sessions.memberOf(token)).toBeDefined();
      expect(await lastSeen(), `${after} ms after the login`).toBe(seen);
    }
  });
});
