import { asc, eq, sql } from "drizzle-orm";
import { addressHasher } from "../accounts/data-requests.ts";
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
 * oldest first (an erasure waiting out its 30 days), then the finished, oldest first. With
 * --email, only the requests made for that address (a parent asking what became of theirs):
 * matched by its HMAC, as rows keep no address.
 */
await runListing<Row>({
  name: "data-requests",
  usage: "Usage: npm run data-requests -- [--email ADDRESS] [--format csv|table]",
  options: { email: { type: "string" } },
  headers: ["kind", "asked_at", "done_at", "outcome", "address_hash"],
  async rows(database, { email }, { jwtSecret }) {
    const forAddress =
      typeof email === "string"
        ? eq(dataRequests.emailHash, addressHasher(jwtSecret)(email))
        : undefined;
    const found = await database.db
      .select()
      .from(dataRequests)
      .where(forAddress)
      .orderBy(sql`${dataRequests.doneAt} is not null`, asc(dataRequests.askedAt));
    return found.map((r) => ({
      kind: r.kind,
      asked_at: r.askedAt.toISOString(),
      done_at: r.doneAt?.toISOString() ?? "not yet",
      outcome: r.outcome ?? "",
      address_hash: r.emailHash.slice(0, 12),
    }));
  },
  summary: (count, { email }) =>
    `${count} data request${count === 1 ? "" : "s"}${typeof email === "string" ? ` for ${email}` : ""}.`,
});
