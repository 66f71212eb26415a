import { type Algorithm, hash, verify } from "@node-rs/argon2";

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
export const argon2Options = {
  // Algorithm.Argon2id: the package's enum is a const enum, which Node's type stripping cannot inline.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashing and verifying run on libuv's thread pool, off the event loop. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password, argon2Options);
  } catch {
    return false;
  }
}
