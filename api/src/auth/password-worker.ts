/**
 * Runs in a worker thread of the password hasher: one argon2id job at a time.
 */
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { hashSync, verifySync } from "@node-rs/argon2";
import type { HashJob, HashReply } from "./password-hasher.ts";
import { argon2Options } from "./passwords.ts";

// On Linux a nice value belongs to one thread. Hashing yields the CPU to the
// event loop, so health checks and every cheap request stay fast while
// sign-ups keep the cores busy.
setPriority((workerData as { nice: number }).nice);

const port = parentPort;
if (!port) throw new Error("password-worker.ts must run in a worker thread");

function run(job: HashJob): HashReply {
  if (job.kind === "hash") return { ok: true, value: hashSync(job.password, argon2Options) };
  try {
    return { ok: true, value: verifySync(job.hash, job.password, argon2Options) };
  } catch {
    // A stored hash that cannot be parsed matches no password.
    return { ok: true, value: false };
  }
}

port.on("message", (job: HashJob) => {
  try {
    port.postMessage(run(job));
  } catch (error) {
    port.postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
  }
});
