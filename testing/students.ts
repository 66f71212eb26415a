import type { SignupRequest } from "@ysp/contract";

let sequence = 0;
/**
 * Unique per process, call and moment: test files, browser projects and bench
 * runs sign up side by side against one database, and a rerun must not meet
 * an earlier run's accounts.
 */
export const uniqueTag = () =>
  `${process.pid}${Date.now().toString(36)}${(sequence++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export type Student = SignupRequest;

/**
 * A student who has not signed up yet: the sign-up body of the contract, with
 * an email no other test uses. `overrides` replace or add fields, with any
 * value a test needs (a refused name, a number where text belongs, a field the
 * server must ignore), and the type says which.
 */
export function makeStudent<const Overrides extends Record<string, unknown> = Record<never, never>>(
  overrides: Overrides = {} as Overrides,
): Omit<Student, keyof Overrides> & Overrides {
  const student: Student = {
    first_name: "Ifeoma",
    last_name: "Nwosu",
    email: `ifeoma.${uniqueTag()}@example.com`,
    password: "study-hard-2026",
    user_type: "STUDENT",
    referral_code: "",
  };
  return { ...student, ...overrides };
}
