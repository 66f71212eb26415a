import { asc, sql } from "drizzle-orm";
import { dataRequests } from "../db/schema.ts";
import { runListing } from "./listing.ts";

type Row = {
  kind: string;
  asked_at: string;
  done_at: string;
  outcome: string;
  address_hash: string;
};

/**
 * Every request about a person's data, for staff to check each was done: the unfinished first,
 * oldest first (an erasure waiting out its 30 days), then the finished, oldest first.
 */
await runListing<Row>({
  name: "data-requests",
  usage: "Usage: npm run data-requests -- [--format csv|table]",
  headers: ["kind", "asked_at", "done_at", "outcome", "address_hash"],
  async rows(database) {
    const found = await database.db
      .select()
      .from(dataRequests)
      .orderBy(sql`${dataRequests.doneAt} is not null`, asc(dataRequests.askedAt));
    return found.map((r) => ({
      kind: r.kind,
      asked_at: r.askedAt.toISOString(),
      done_at: r.doneAt?.toISOString() ?? "not yet",
      outcome: r.outcome ?? "",
      address_hash: r.emailHash.slice(0, 12),
    }));
  },
  summary: (count) => `${count} data request${count === 1 ? "" : "s"}.`,
});
