/**
 * Loaded into the server under profile (`node --import`) by bench/cpu-profile.ts, never in
 * production: counts the statements PGlite runs and the time its WebAssembly spends on each,
 * by statement text. PGlite runs every statement synchronously on the event loop, inside
 * `execProtocolRawSync`: the event loop thread's CPU time across that call (not wall time, which
 * other processes on a shared machine stretch) is the statement's. The counts
 * are read through the inspector as `globalThis.pgliteStatements`.
 */
import { PGlite } from "@electric-sql/pglite";

export type StatementCounts = Record<string, { runs: number; ms: number }>;

const counts: StatementCounts = {};
const decoder = new TextDecoder();
/** Protocol messages that carry a statement's text: Parse ('P') and a simple Query ('Q'). */
const parse = 0x50;
const simpleQuery = 0x51;
let current = "(none)";

/** The statement's text from its Parse or Query message, squeezed to one line of 120 characters. */
function statementText(message: Uint8Array): string | undefined {
  if (message[0] === simpleQuery) return decoder.decode(message.subarray(5, -1));
  if (message[0] !== parse) return undefined;
  // Parse: 'P', length, the prepared statement's name, NUL, the text, NUL, …
  const nameEnd = message.indexOf(0, 5);
  return decoder.decode(message.subarray(nameEnd + 1, message.indexOf(0, nameEnd + 1)));
}

type Raw = { execProtocolRawSync(message: Uint8Array): Uint8Array };
const prototype = PGlite.prototype as unknown as Raw;
const run = prototype.execProtocolRawSync;
prototype.execProtocolRawSync = function (this: Raw, message: Uint8Array) {
  const text = statementText(message);
  if (text !== undefined) current = text.replace(/\s+/g, " ").slice(0, 120);
  const started = process.threadCpuUsage();
  try {
    return run.call(this, message);
  } finally {
    const used = process.threadCpuUsage(started);
    const entry = counts[current] ?? { runs: 0, ms: 0 };
    counts[current] = entry;
    entry.ms += (used.user + used.system) / 1000;
    if (text !== undefined) entry.runs++;
  }
};
Object.assign(globalThis, { pgliteStatements: counts });
