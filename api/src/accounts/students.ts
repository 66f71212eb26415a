import type { PublicUser, SignupBody } from "@ysp/contract";
import { and, eq, sql } from "drizzle-orm";
import { newReferralCode } from "../auth/referral-codes.ts";
import { type Db, pgErrorCode, type Tx, uniqueViolation } from "../db/client.ts";
import { type User, users } from "../db/schema.ts";

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    user_type: "STUDENT",
    referral_code: user.referralCode,
    email_verified: user.emailVerifiedAt !== null,
  };
}

export type CreateStudentResult = { ok: true; id: string } | { ok: false; reason: "email_taken" };

export type NewStudent = Omit<SignupBody, "password" | "referral_code" | "user_type"> & {
  passwordHash: string;
  referredBy: string | null;
};

/** Codes are random; on the rare clash with an existing code a new one is drawn. */
const referralCodeAttempts = 5;

const byLowerEmail = eq(sql`lower(${users.email})`, sql.placeholder("email"));

export type Students = ReturnType<typeof createStudents>;

/**
 * The queries on students' accounts. The reads are prepared once: building a
 * query costs more CPU than the database spends running it, and that CPU is
 * taken from password hashing when sign-ups peak. The insert is not: it runs in
 * a transaction with what comes with a new account, and a prepared statement
 * belongs to the database handle, outside any transaction.
 */
export function createStudents(db: Db) {
  const userByEmail = db.select().from(users).where(byLowerEmail).prepare("user_by_email");
  const userById = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("user_by_id");
  // The database's clock, as created_at was written with it: an API host's clock may differ.
  const recentPasswordHash = db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(byLowerEmail, sql`${users.createdAt} > now() - interval '10 minutes'`))
    .prepare("recent_password_hash");
  const idByReferralCode = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, sql.placeholder("code")))
    .prepare("user_by_referral_code");
  return {
    async findByEmail(email: string): Promise<User | undefined> {
      const [user] = await userByEmail.execute({ email: email.toLowerCase() });
      return user;
    },
    async findById(id: string): Promise<User | undefined> {
      const [user] = await userById.execute({ id });
      return user;
    },
    /** The password hash of an account made with this email in the last ten minutes. */
    async recentPasswordHash(email: string): Promise<string | undefined> {
      const [user] = await recentPasswordHash.execute({ email: email.toLowerCase() });
      return user?.passwordHash;
    },
    async idByReferralCode(code: string): Promise<string | undefined> {
      const [user] = await idByReferralCode.execute({ code });
      return user?.id;
    },
    /**
     * Creates the account and, in the same transaction, whatever comes with it (`alongside`:
     * the link to confirm the address and its message), so either all of it exists or none.
     */
    async createStudent(
      input: NewStudent,
      alongside: (tx: Tx, id: string) => Promise<void>,
    ): Promise<CreateStudentResult> {
      for (let attempt = 1; ; attempt++) {
        try {
          const id = await db.transaction(async (tx) => {
            const [row] = await tx
              .insert(users)
              .values({
                email: input.email,
                firstName: input.first_name,
                lastName: input.last_name,
                passwordHash: input.passwordHash,
                userType: "STUDENT",
                referralCode: newReferralCode(),
                referredBy: input.referredBy,
              })
              .returning({ id: users.id });
            if (!row) throw new Error("Inserting a user returned no row");
            await alongside(tx, row.id);
            return row.id;
          });
          return { ok: true, id };
        } catch (error) {
          if (pgErrorCode(error) !== uniqueViolation) throw error;
          const constraint = constraintName(error);
          if (constraint === "users_email_lower_key") return { ok: false, reason: "email_taken" };
          if (constraint !== "users_referral_code_key" || attempt >= referralCodeAttempts)
            throw error;
        }
      }
    },
  };
}

function constraintName(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === "string") return name;
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string") {
      const match = /unique constraint "([^"]+)"/.exec(message);
      if (match) return match[1];
    }
  }
  return undefined;
}
