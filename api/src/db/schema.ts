import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored trimmed and lowercased; the index below also guards against case variants. */
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    userType: text("user_type").notNull().default("STUDENT"),
    referralCode: text("referral_code").notNull(),
    referredBy: uuid("referred_by").references((): AnyPgColumn => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a link sent to the address was opened: the student holds the mailbox. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_referral_code_key").on(t.referralCode),
    index("users_created_at_idx").on(t.createdAt),
  ],
);

/**
 * One row per login: a family of refresh tokens of which only the newest is
 * good. Every token is signed with its session id, so a validly signed token
 * that is not the session's current one is a copy of a used one.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The jti of the one refresh token of this session that may still be used. */
    currentJti: uuid("current_jti").notNull(),
    /**
     * The token rotated just before the current one. Presented again soon after its rotation
     * (`rotated_at`), it is a retry whose answer the line lost, and gets that answer again.
     */
    previousJti: uuid("previous_jti"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("auth_sessions_user_id_idx").on(t.userId)],
);

/**
 * A link sent by mail that proves its opener holds the account's mailbox: to
 * confirm the address, or to choose a new password. Only the token's SHA-256
 * is kept; the token itself is derived from a secret when the message is
 * sent (mail/link-tokens.ts), so neither this table nor mail_outbox holds one.
 */
export const accountLinks = pgTable(
  "account_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "reset_password"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** A newer link of the same purpose was sent: this one no longer works. */
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("account_links_token_hash_key").on(t.tokenHash),
    index("account_links_user_id_idx").on(t.userId, t.purpose),
  ],
);

/**
 * Mail to send, written in the transaction of its cause (mail/mail-queue.ts). A row is claimed by
 * moving `available_at` a minute on (the lease); sent, it gets `sent_at`; a failure moves
 * `available_at` to the next try; after the last try, or a refusal no try can mend, `failed_at`.
 * Its id is the message's Message-ID, the same on every try.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["verify-email", "reset-password", "password-changed"] }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The link's nonce, from which its token is derived when the message is sent. */
    nonce: text("nonce"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    availableAt: timestamp("available_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.availableAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index("mail_outbox_user_id_idx").on(t.userId),
  ],
);

export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    sourcePage: text("source_page"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("newsletter_email_lower_key").on(sql`lower(${t.email})`)],
);

export type User = typeof users.$inferSelect;
