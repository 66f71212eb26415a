import type { PublicUser, SignupBody } from "@ysp/contract";
import { eq, sql } from "drizzle-orm";
import { newReferralCode } from "./auth/referral-codes.ts";
import { type Db, pgErrorCode, uniqueViolation } from "./db/client.ts";
import { type User, users } from "./db/schema.ts";

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    user_type: "STUDENT",
    referral_code: user.referralCode,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user;
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function findUserByReferralCode(db: Db, code: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.referralCode, code));
  return user;
}

export type CreateStudentResult = { ok: true; user: User } | { ok: false; reason: "email_taken" };

/** Codes are random; on the rare clash with an existing code a new one is drawn. */
const referralCodeAttempts = 5;

export async function createStudent(
  db: Db,
  input: Omit<SignupBody, "password" | "referral_code" | "user_type"> & {
    passwordHash: string;
    referredBy: string | null;
  },
): Promise<CreateStudentResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      const [user] = await db
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
        .returning();
      if (!user) throw new Error("Inserting a user returned no row");
      return { ok: true, user };
    } catch (error) {
      if (pgErrorCode(error) !== uniqueViolation) throw error;
      const constraint = constraintName(error);
      if (constraint === "users_email_lower_key") return { ok: false, reason: "email_taken" };
      if (constraint !== "users_referral_code_key" || attempt >= referralCodeAttempts) throw error;
    }
  }
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
