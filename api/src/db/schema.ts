import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
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
    /**
     * Null while the account has no password that logs in: an undone change of address leaves
     * it so until the reset mailed to the restored address sets one (accounts/email-changes.ts).
     */
    passwordHash: text("password_hash"),
    userType: text("user_type").notNull().default("STUDENT"),
    referralCode: text("referral_code").notNull(),
    referredBy: uuid("referred_by").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When a link sent to the address was opened: the student holds the mailbox. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /**
     * Students this one invited whose accounts have since been deleted: their rows are gone, and
     * this keeps the count of this student's invitations without anything about them.
     */
    deletedReferrals: integer("deleted_referrals").notNull().default(0),
    /**
     * Moved on by a new password (accounts/credentials.ts): every token carries the epoch it was
     * issued in, and one from an earlier epoch is refused, as are links and sessions from before.
     */
    credentialsEpoch: integer("credentials_epoch").notNull().default(0),
    /**
     * Where the student came from to sign up, as the sign-up page read it (contract's
     * sign-up-source.ts): its link's campaign keys and the domain of the site that sent them.
     */
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    referrerDomain: text("referrer_domain"),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_referral_code_key").on(t.referralCode),
    index("users_created_at_idx").on(t.createdAt),
  ],
);

/**
 * An identity provider's account that logs in to a student's account ("Continue with Google"):
 * known by the provider's issuer and subject (`sub`), never by address, since an address at the
 * provider may change hands or be changed while `sub` stays. Deleted with the account.
 */
export const federatedIdentities = pgTable(
  "federated_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    /** The address the provider vouched for when the identity was linked, shown in "Your data". */
    email: text("email").notNull(),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("federated_identities_issuer_subject_key").on(t.issuer, t.subject),
    index("federated_identities_user_id_idx").on(t.userId),
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
    /** The User-Agent the session logged in with, cut to 200 characters: shown in "Your data". */
    device: text("device"),
    /** How it logged in: with the password, or with Google ("via Google" in the sessions list). */
    via: text("via", { enum: ["password", "google"] })
      .notNull()
      .default("password"),
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
    purpose: text("purpose", {
      enum: [
        "verify_email",
        "reset_password",
        "your_data",
        "change_email",
        "undo_email_change",
        "link_google",
      ],
    }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /**
     * The address a change of address is about: the new one for "change_email" (confirming makes
     * it the login), the old one for "undo_email_change" (undoing puts it back). Deleted with the
     * link, which goes with its account.
     */
    email: text("email"),
    /**
     * The identity a "link_google" link adds to its account when tapped, by the provider's
     * issuer and subject; `email` is then the address the provider vouched for.
     */
    issuer: text("issuer"),
    subject: text("subject"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** A newer link of the same purpose was sent: this one no longer works. */
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("account_links_token_hash_key").on(t.tokenHash),
    index("account_links_user_id_idx").on(t.userId, t.purpose),
    // A sign-up looks here for its address (an address a way back may still give back is
    // reserved): one probe of this index, not a scan of every link.
    index("account_links_undo_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.purpose} = 'undo_email_change'`),
  ],
);

/**
 * The rows of mail_outbox that are requests for a link by address, not messages: the worker
 * decides whether the address has an account and makes the link and its message
 * (accounts/link-requests.ts), so the request itself does the same for every address.
 */
export const linkRequestKinds = [
  "verify-email-request",
  "reset-password-request",
  "your-data-request",
] as const;

/**
 * Mail to send, written in the transaction of its cause (mail/mail-queue.ts). A row is claimed by
 * moving `available_at` a minute on (the lease); sent, it gets `sent_at`; a failure moves
 * `available_at` to the next try; after the last try, or a refusal no try can mend, `failed_at`.
 * Its id is the message's Message-ID, the same on every try. A link request (above) is handled
 * rather than sent; `sent_at` then says when.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", {
      enum: [
        "verify-email",
        "reset-password",
        "password-changed",
        "your-data",
        "guardian-request",
        "guardian-refused",
        "account-deleted",
        "newsletter-confirm",
        "email-change-confirm",
        "email-change-taken",
        "email-changed",
        "email-change-undone",
        "google-link",
        "google-took-over",
        "staff-enrol",
        ...linkRequestKinds,
      ],
    }).notNull(),
    /** Whom the message is to or about; each is deleted with it, so no message outlives its person. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    guardianRequestId: uuid("guardian_request_id").references(() => guardianRequests.id, {
      onDelete: "cascade",
    }),
    subscriptionId: uuid("subscription_id").references(() => newsletterSubscriptions.id, {
      onDelete: "cascade",
    }),
    staffMemberId: uuid("staff_member_id").references((): AnyPgColumn => staffMembers.id, {
      onDelete: "cascade",
    }),
    /**
     * Only where the account's own address is not the one to write to: "account-deleted", whose
     * account is gone; a link request, whose address may have none; "email-change-confirm", to
     * the new address, and "email-changed", to the old one. Cleared once sent or handled, so
     * the address is kept no longer than that.
     */
    toAddress: text("to_address"),
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

/**
 * An address asked for the newsletter. It is subscribed only once the link in its confirmation
 * message was opened (`confirmed_at`); unsubscribing clears that, and coming back takes a new
 * confirmation. What happened and when is in consent_records.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    sourcePage: text("source_page"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The SHA-256 of the token in the newest confirmation link, until it is used. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("newsletter_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("newsletter_confirm_token_hash_key").on(t.confirmTokenHash),
  ],
);

/**
 * A student's request that a parent or guardian give permission: sent to the guardian's address
 * with a link to /guardian-consent. The answer is a consent record; this row only says the link
 * was used. A newer request replaces the one pending.
 */
export const guardianRequests = pgTable(
  "guardian_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    guardianEmail: text("guardian_email").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("guardian_requests_token_hash_key").on(t.tokenHash),
    index("guardian_requests_user_id_idx").on(t.userId),
  ],
);

/**
 * What a person agreed to, refused or withdrew, and when: append-only (a trigger refuses
 * UPDATE), so a withdrawal is a new row. Deleted only with the person it is about.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", {
      enum: [
        "terms_accepted",
        "newsletter_subscribed",
        "newsletter_confirmed",
        "newsletter_withdrawn",
        "guardian_granted",
        "guardian_refused",
      ],
    }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id").references(() => newsletterSubscriptions.id, {
      onDelete: "cascade",
    }),
    guardianRequestId: uuid("guardian_request_id").references(() => guardianRequests.id, {
      onDelete: "cascade",
    }),
    /** The versions (last-updated dates) of the Terms and the Privacy Policy in force. */
    termsVersion: text("terms_version"),
    privacyVersion: text("privacy_version"),
    /** The page the request came from: the sign-up page, the newsletter field's page, a link. */
    sourcePage: text("source_page"),
    guardianName: text("guardian_name"),
    guardianRelationship: text("guardian_relationship"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("consent_records_user_id_idx").on(t.userId),
    index("consent_records_subscription_id_idx").on(t.subscriptionId),
  ],
);

/**
 * Every request about a person's data, for staff to see that each was done (npm run
 * data-requests). No personal data: the address only as a keyed hash (data-requests.ts).
 */
export const dataRequests = pgTable(
  "data_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", {
      enum: ["link", "download", "correct", "stop_marketing", "delete", "guardian_refusal_erasure"],
    }).notNull(),
    emailHash: text("email_hash").notNull(),
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** How it ended when not simply done: no account for the address, permission came first. */
    outcome: text("outcome"),
  },
  (t) => [index("data_requests_asked_at_idx").on(t.askedAt)],
);

export type User = typeof users.$inferSelect;

/**
 * Rate-limit counters shared by every instance on one PostgreSQL (rate-limit-store.ts): a
 * fixed window per key. UNLOGGED (in its migration): no write-ahead log for counters that
 * matter for an hour at most; a crash of PostgreSQL empties them, and limits start again.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_counters_expires_at_idx").on(t.expiresAt)],
);

/**
 * When each background job last finished, for any instance to report (metrics.ts): one row a
 * job. The erasure sweep's row is written by its migration, so the two hours an alert allows
 * count from the deployment, not from 1970.
 */
export const backgroundRuns = pgTable("background_runs", {
  name: text("name", { enum: ["erasure-sweep"] }).primaryKey(),
  succeededAt: timestamp("succeeded_at", { withTimezone: true }).notNull(),
});

/**
 * Views of the site's pages, counted by the server as it serves them (analytics/page-views.ts):
 * per Lagos day, page and referring domain ("" for none). No cookie, address or browser is kept,
 * so a row counts visits and can name nobody.
 */
export const pageViews = pgTable(
  "page_views",
  {
    day: date("day").notNull(),
    path: text("path").notNull(),
    referrerDomain: text("referrer_domain").notNull().default(""),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.path, t.referrerDomain] })],
);

/**
 * A member of the company's staff, who logs in to /staff with a passkey (staff/members.ts). Never
 * deleted: the audit names members, so a removed one keeps a row with `removed_at`, and every
 * session and passkey of theirs stops working at that moment.
 */
export const staffMembers = pgTable(
  "staff_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored trimmed and lowercased, as a student's is. */
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "staff"] }).notNull(),
    invitedBy: uuid("invited_by").references((): AnyPgColumn => staffMembers.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The SHA-256 of the token in the newest enrolment link (mail/link-tokens.ts) and when it
     * ends: cleared when a passkey is registered with it, so it works once.
     */
    enrolTokenHash: text("enrol_token_hash"),
    enrolExpiresAt: timestamp("enrol_expires_at", { withTimezone: true }),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("staff_members_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("staff_members_enrol_token_hash_key").on(t.enrolTokenHash),
  ],
);

/** A passkey a member registered (WebAuthn): its credential's id and public key, never a secret. */
export const staffPasskeys = pgTable(
  "staff_passkeys",
  {
    /** The credential's id, base64url, as the authenticator made it. */
    id: text("id").primaryKey(),
    staffMemberId: uuid("staff_member_id")
      .notNull()
      .references(() => staffMembers.id),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The authenticator's signature counter; 0 for the many that keep none. */
    counter: integer("counter").notNull().default(0),
    /** How the browser may reach the authenticator (usb, internal, hybrid…), comma-separated. */
    transports: text("transports").notNull().default(""),
    /** The browser it was registered in, cut to 200 characters, so a member can tell theirs apart. */
    device: text("device"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [index("staff_passkeys_staff_member_id_idx").on(t.staffMemberId)],
);

/**
 * A member's login: the cookie holds a random token, this row its SHA-256. It ends after 30
 * minutes without a request, 12 hours after it began, on log out, or when the member is removed.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    staffMemberId: uuid("staff_member_id")
      .notNull()
      .references(() => staffMembers.id),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("staff_sessions_token_hash_key").on(t.tokenHash),
    index("staff_sessions_staff_member_id_idx").on(t.staffMemberId),
  ],
);

/**
 * Every look by staff at a student's data: who, whose account, what was shown, why and when.
 * Append-only (its migration's trigger refuses UPDATE, DELETE and TRUNCATE). The student is named
 * by id alone, with no foreign key: the row outlives an erased account and then names nobody.
 */
export const staffAudit = pgTable(
  "staff_audit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    staffMemberId: uuid("staff_member_id")
      .notNull()
      .references(() => staffMembers.id),
    action: text("action", { enum: ["student_lookup"] }).notNull(),
    studentId: uuid("student_id").notNull(),
    /** The parts of the account that were shown, comma-separated. */
    shown: text("shown").notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("staff_audit_student_id_idx").on(t.studentId),
    index("staff_audit_created_at_idx").on(t.createdAt),
  ],
);
