import { Worker } from "node:worker_threads";

export type HashJob =
  | { kind: "hash"; password: string }
  | { kind: "verify"; hash: string; password: string };
export type HashReply = { ok: true; value: string | boolean } | { ok: false; message: string };

export type Busy = { ok: false; busy: true };
export type Hashed<T> = { ok: true; value: T } | Busy;

export type PasswordHasher = {
  hash(password: string): Promise<Hashed<string>>;
  verify(hash: string, password: string): Promise<Hashed<boolean>>;
  /** True when a job submitted now would be turned away: lets a handler refuse before doing other work. */
  full(): boolean;
  /** True while every worker is hashing and more jobs wait: background work should hold back. */
  saturated(): boolean;
  /** Jobs waiting for a worker now. */
  queued(): number;
  close(): Promise<void>;
};

export type HasherOptions = {
  /** Worker threads, each hashing one password at a time. */
  workers: number;
  /** Jobs allowed to wait for a worker; past that a job is refused at once with `busy`. */
  maxQueued: number;
  /** Nice value of the worker threads (0–19); higher yields more CPU to the event loop. */
  nice: number;
};

type Slot = { worker: Worker; job?: { resolve: (reply: HashReply) => void } };

const workerUrl = new URL("./password-worker.ts", import.meta.url);

/**
 * The hashing threads' name, as Linux shows it (`/proc/<pid>/task/<tid>/comm`, 15 characters at
 * most): the bench tells their CPU time from the rest of the server's by it.
 */
export const hashThreadName = "password-hash";

/**
 * Password hashing (argon2id, CPU-heavy by design) on a fixed pool of
 * low-priority worker threads with a bounded queue. When the queue is full
 * the caller is told at once, so the server can answer 503 instead of
 * letting every request slow down together.
 */
export function createPasswordHasher(
  { workers, maxQueued, nice }: HasherOptions,
  /** Told how long each job took, its wait for a worker included (metrics.ts). */
  timed: (seconds: number) => void = () => {},
): PasswordHasher {
  const all = new Set<Slot>();
  const idle: Slot[] = [];
  const waiting: ((slot: Slot) => void)[] = [];
  let closing = false;

  const release = (slot: Slot) => {
    const next = waiting.shift();
    if (next) next(slot);
    else idle.push(slot);
  };

  const spawn = (): Slot => {
    const slot: Slot = {
      worker: new Worker(workerUrl, { name: hashThreadName, workerData: { nice } }),
    };
    all.add(slot);
    slot.worker.on("message", (reply: HashReply) => {
      const job = slot.job;
      slot.job = undefined;
      slot.worker.unref();
      job?.resolve(reply);
      release(slot);
    });
    // A worker that dies fails its job with the reason and is replaced, so the pool keeps its size.
    slot.worker.on("error", (error) => {
      slot.job?.resolve({
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      });
      slot.job = undefined;
    });
    slot.worker.on("exit", () => {
      all.delete(slot);
      if (closing) return;
      slot.job?.resolve({ ok: false, message: "The password worker stopped unexpectedly" });
      const index = idle.indexOf(slot);
      if (index >= 0) idle.splice(index, 1);
      release(spawn());
    });
    // An idle worker must not keep the process alive; a busy one must, or a job awaited while nothing else runs never ends.
    slot.worker.unref();
    return slot;
  };
  for (let i = 0; i < workers; i++) idle.push(spawn());

  const full = () => idle.length === 0 && waiting.length >= maxQueued;

  async function submit(job: HashJob): Promise<Hashed<string | boolean>> {
    if (closing) throw new Error("The password hasher is closed");
    if (full()) return { ok: false, busy: true };
    const started = performance.now();
    const slot = idle.pop() ?? (await new Promise<Slot>((resolve) => waiting.push(resolve)));
    const reply = await new Promise<HashReply>((resolve) => {
      slot.job = { resolve };
      slot.worker.ref();
      slot.worker.postMessage(job);
    });
    timed((performance.now() - started) / 1000);
    if (!reply.ok) throw new Error(`Password hashing failed: ${reply.message}`);
    return { ok: true, value: reply.value };
  }

  return {
    hash: (password) => submit({ kind: "hash", password }) as Promise<Hashed<string>>,
    verify: (hash, password) =>
      submit({ kind: "verify", hash, password }) as Promise<Hashed<boolean>>,
    full,
    saturated: () => idle.length === 0 && waiting.length > 0,
    queued: () => waiting.length,
    async close() {
      closing = true;
      await Promise.all([...all].map((slot) => slot.worker.terminate()));
    },
  };
}
