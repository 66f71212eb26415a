import type { Db } from "../db/client.ts";
import { createSessionRecords } from "./sessions.ts";
import { createStudents } from "./students.ts";

export type Accounts = ReturnType<typeof createAccounts>;

/**
 * All the data access on students' accounts and their sessions, made once per
 * database and passed to whatever needs it (routes, tests).
 */
export function createAccounts(db: Db) {
  return { students: createStudents(db), sessions: createSessionRecords(db) };
}
