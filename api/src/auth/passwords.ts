import type { Algorithm } from "@node-rs/argon2";

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
export const argon2Options = {
  // Algorithm.Argon2id: the package's enum is a const enum, which Node's type stripping cannot inline.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;
