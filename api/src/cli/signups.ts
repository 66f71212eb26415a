import { asc, eq, gte } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users } from "../db/schema.ts";
import { runListing } from "./listing.ts";

type Row = {
  name: string;
  email: string;
  /** "yes" once the student opened the link in "Confirm your email" (or reset their password by mail). */
  email_verified: "yes" | "no";
  referral_code: string;
  referred_by: string;
  /** Where the student came from, as the sign-up page read it (decision 040); empty for none. */
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  referrer: string;
  date: string;
};

/** Every sign-up, oldest first, or those since a day. */
await runListing<Row>({
  name: "signups",
  usage: "Usage: npm run signups -- [--since YYYY-MM-DD] [--format csv|table]",
  options: { since: { type: "string" } },
  headers: [
    "name",
    "email",
    "email_verified",
    "referral_code",
    "referred_by",
    "utm_source",
    "utm_medium",
    "utm_campaign",
    "referrer",
    "date",
  ],
  async rows(database, values) {
    let since: Date | undefined;
    if (typeof values.since === "string") {
      since = new Date(`${values.since}T00:00:00Z`);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(values.since) || Number.isNaN(since.getTime()))
        return "--since must be a date written YYYY-MM-DD, like 2026-09-01.";
    }
    const referrer = alias(users, "referrer");
    const found = await database.db
      .select({
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        referralCode: users.referralCode,
        referrerEmail: referrer.email,
        utmSource: users.utmSource,
        utmMedium: users.utmMedium,
        utmCampaign: users.utmCampaign,
        referrerDomain: users.referrerDomain,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(referrer, eq(users.referredBy, referrer.id))
      .where(since ? gte(users.createdAt, since) : undefined)
      .orderBy(asc(users.createdAt));
    return found.map((u) => ({
      name: `${u.firstName} ${u.lastName}`,
      email: u.email,
      email_verified: u.emailVerifiedAt ? "yes" : "no",
      referral_code: u.referralCode,
      referred_by: u.referrerEmail ?? "",
      utm_source: u.utmSource ?? "",
      utm_medium: u.utmMedium ?? "",
      utm_campaign: u.utmCampaign ?? "",
      referrer: u.referrerDomain ?? "",
      date: u.createdAt.toISOString(),
    }));
  },
  summary: (count, values) =>
    count === 0
      ? "No sign-ups found."
      : `${count} sign-up${count === 1 ? "" : "s"}${values.since ? ` since ${values.since}` : ""}.`,
});
