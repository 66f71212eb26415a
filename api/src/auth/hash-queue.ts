/**
 * Runs CPU-heavy work (password hashing) with at most `concurrency` jobs at
 * once and at most `maxQueued` waiting. When the queue is full the caller is
 * told at once, so the server can answer 503 instead of letting every
 * request slow down together.
 */
export type HashQueue = {
  run<T>(job: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; busy: true }>;
  stats(): { running: number; queued: number };
};

export function createHashQueue({
  concurrency,
  maxQueued,
}: {
  concurrency: number;
  maxQueued: number;
}): HashQueue {
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };

  return {
    async run(job) {
      if (running >= concurrency) {
        if (waiting.length >= maxQueued) return { ok: false, busy: true };
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return { ok: true, value: await job() };
      } finally {
        release();
      }
    },
    stats: () => ({ running, queued: waiting.length }),
  };
}
