import { and, asc, isNotNull, isNull } from "drizzle-orm";
import { newsletterSubscriptions } from "../db/schema.ts";
import { runListing } from "./listing.ts";

type Row = { email: string; confirmed_at: string; source_page: string };

/** The newsletter's subscribers: only addresses whose owner confirmed and has not unsubscribed since. */
await runListing<Row>({
  name: "newsletter",
  usage: "Usage: npm run newsletter -- [--format csv|table]",
  headers: ["email", "confirmed_at", "source_page"],
  async rows(database) {
    const found = await database.db
      .select({
        email: newsletterSubscriptions.email,
        confirmedAt: newsletterSubscriptions.confirmedAt,
        sourcePage: newsletterSubscriptions.sourcePage,
      })
      .from(newsletterSubscriptions)
      .where(
        and(
          isNotNull(newsletterSubscriptions.confirmedAt),
          isNull(newsletterSubscriptions.unsubscribedAt),
        ),
      )
      .orderBy(asc(newsletterSubscriptions.confirmedAt));
    return found.map((s) => ({
      email: s.email,
      confirmed_at: s.confirmedAt?.toISOString() ?? "",
      source_page: s.sourcePage ?? "",
    }));
  },
  summary: (count) =>
    count === 0
      ? "No confirmed subscribers."
      : `${count} confirmed subscriber${count === 1 ? "" : "s"}.`,
});
