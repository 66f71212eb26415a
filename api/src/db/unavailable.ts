/**
 * Whether an error means the database could not be reached or did not answer in time, rather
 * than that a query of ours was wrong: such a request is answered 503 with Retry-After, since
 * the same request can succeed a few seconds later (errors.ts).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (unavailableStates.test(code) || socketCodes.has(code)))
      return true;
    if (typeof message === "string" && poolMessages.test(message)) return true;
  }
  return false;
}

/**
 * PostgreSQL's SQLSTATEs for a server that is not there for us: class 08 (the connection
 * failed or broke), 53300 too many connections, 55P03 a lock not granted, 57014 a statement
 * cancelled (statement_timeout), 57P01–57P03 a server shutting down, crashed or starting.
 */
const unavailableStates = /^(08...|53300|55P03|57014|57P0[123])$/;

/** Node's codes for a socket that could not connect or was cut. */
const socketCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * What node-postgres throws without a code: no connection free within connectionTimeoutMillis,
 * a connection the server closed mid-query, and a pool already closed while this process stops.
 */
const poolMessages =
  /^(timeout exceeded when trying to connect|Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Cannot use a pool after calling end on the pool)$/;
