import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { ProvidedIdentity } from "../auth/google.ts";
import { type Db, queryRows } from "../db/client.ts";
import { federatedIdentities, type User, users } from "../db/schema.ts";
import { insertWithNewCode, reservation, termsAcceptedByStudent } from "./students.ts";

/** A new account's names, already checked by the names rule and normalised. */
export type ProvidedStudent = {
  identity: ProvidedIdentity;
  firstName: string;
  lastName: string;
  referredBy: string | null;
};

export type IdentityAccountResult =
  | { ok: true; id: string }
  | { ok: false; reason: "email_taken" | "identity_taken" };

export type Identities = ReturnType<typeof createIdentities>;

/** The accounts that identity providers log in to, by the provider's issuer and subject. */
export function createIdentities(db: Db) {
  const userByIdentity = db
    .select(getTableColumns(users))
    .from(users)
    .innerJoin(
      federatedIdentities,
      and(
        eq(federatedIdentities.userId, users.id),
        eq(federatedIdentities.issuer, sql.placeholder("issuer")),
        eq(federatedIdentities.subject, sql.placeholder("subject")),
      ),
    )
    .prepare("user_by_identity");
  return {
    /** The account this provider's person logs in to, whatever address either has now. */
    async findAccount({ issuer, subject }: ProvidedIdentity): Promise<User | undefined> {
      const [user] = await userByIdentity.execute({ issuer, subject });
      return user;
    },

    /**
     * Makes the account with no password, its address confirmed by the provider, the record of
     * the Terms and Privacy Policy it agreed to, and the identity, in one statement: all of it
     * exists or none. An address another account has (or a way back holds) is refused, never
     * linked: only a link mailed to that address may add the identity to that account.
     */
    async createAccount(input: ProvidedStudent): Promise<IdentityAccountResult> {
      const { identity } = input;
      // Two first sign-ins of one person at once: the other made the account.
      const sameIdentity = { federated_identities_issuer_subject_key: "identity_taken" } as const;
      return insertWithNewCode(async (code) => {
        const [row] = await queryRows<{ id: string }>(
          db,
          sql`with student as (
                insert into ${users} (email, first_name, last_name, password_hash, user_type, referral_code, referred_by, email_verified_at)
                select ${identity.email}, ${input.firstName}, ${input.lastName}, null,
                       'STUDENT', ${code}, ${input.referredBy}, now()
                where not exists (${reservation(identity.email, new Date())})
                returning id),
              consent as (${termsAcceptedByStudent})
              insert into ${federatedIdentities} (user_id, issuer, subject, email)
              select id, ${identity.issuer}, ${identity.subject}, ${identity.email} from student
              returning user_id as id`,
        );
        return row;
      }, sameIdentity);
    },
  };
}
