import type { FastifyInstance } from "fastify";
import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type LabelValues,
  Registry,
} from "prom-client";

/** What `ysp_build_info` names: which code this instance runs. */
export type BuildInfo = { version: string; commit: string; node: string };

/** The queue's and the sweep's state, the same for every instance: metrics-database.ts reads it. */
export type DatabaseFigures = {
  mailQueued: number;
  oldestUnsentSeconds: number;
  dataRequestsOpen: number;
  /** Seconds since 1970; 0 before any sweep. */
  erasureSweepSucceededAt: number;
};

const unknownFigures: DatabaseFigures = {
  mailQueued: Number.NaN,
  oldestUnsentSeconds: Number.NaN,
  dataRequestsOpen: Number.NaN,
  erasureSweepSucceededAt: Number.NaN,
};

/** Every instance is scraped every 15 s or so; a figure 5 s old is fresh enough for any rule. */
const defaultDatabaseFiguresMs = 5000;

/** Where a label's values come from: each is one of these few, never what a client sent. */
const signupOutcomes = ["created", "repeated", "refused"] as const;
const loginOutcomes = ["succeeded", "failed", "refused"] as const;
const sendErrorKinds = ["permanent", "temporary"] as const;
export type SignupOutcome = (typeof signupOutcomes)[number];
export type LoginOutcome = (typeof loginOutcomes)[number];

/** Where each metric is registered: the one registry of a createMetrics. */
type Registers = Registry[];

/** Shows each value from the first scrape, so rate() and increase() see the first event. */
function fromZero<Label extends string>(
  counter: Counter<Label>,
  label: Label,
  values: readonly string[],
) {
  for (const value of values) counter.inc({ [label]: value } as LabelValues<Label>, 0);
}

/** `ysp_build_info`: which code this instance runs, when main.ts says. */
function buildInfo(registers: Registers, build: BuildInfo | undefined) {
  const gauge = new Gauge({
    name: "ysp_build_info",
    help: "Which code this instance runs: always 1, the facts are its labels.",
    labelNames: ["version", "commit", "node"] as const,
    registers,
  });
  if (build) gauge.set(build, 1);
}

/** How long requests take, by route pattern and status class. */
function requestMetrics(registers: Registers) {
  const requestSeconds = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's end, by route pattern (never the URL itself) and status class.",
    labelNames: ["method", "route", "status_class"] as const,
    registers,
  });
  /** One child per method, route and status class: a label set is hashed once, not per request. */
  const requestChildren = new Map<
    string,
    Histogram.Internal<"method" | "route" | "status_class">
  >();
  return {
    /**
     * Times every answer by the route that matched it: its pattern (`/join/:code`), never the
     * URL, so a token, a code or a scanner's thousand paths make no new series; a request no
     * route matched is `unmatched`.
     */
    timeRequests(app: FastifyInstance) {
      app.addHook("onResponse", async (request, reply) => {
        const route = request.routeOptions.url ?? "unmatched";
        const method = request.routeOptions.url === undefined ? "unmatched" : request.method;
        const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
        const key = `${method} ${route} ${statusClass}`;
        let child = requestChildren.get(key);
        if (!child) {
          child = requestSeconds.labels({ method, route, status_class: statusClass });
          requestChildren.set(key, child);
        }
        child.observe(reply.elapsedTime / 1000);
      });
    },
  };
}

/** Password hashing: how long each took, and the pool's queue. */
function hashMetrics(registers: Registers) {
  const hashSeconds = new Histogram({
    name: "ysp_hash_seconds",
    help: "Time a password hash or check took, its wait for a worker included.",
    // argon2id at 19 MiB takes about 20 ms on a free worker; a full queue waits about 0.35 s.
    buckets: [0.01, 0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 1, 2],
    registers,
  });
  let hashQueue: () => { queued: number; saturated: boolean } = () => ({
    queued: 0,
    saturated: false,
  });
  new Gauge({
    name: "ysp_hash_queue_depth",
    help: "Password hashes waiting for a worker on this instance.",
    registers,
    collect() {
      this.set(hashQueue().queued);
    },
  });
  new Gauge({
    name: "ysp_hash_saturated",
    help: "1 while every hashing worker of this instance is busy and more wait; mail holds back then.",
    registers,
    collect() {
      this.set(hashQueue().saturated ? 1 : 0);
    },
  });
  return {
    hashed: (seconds: number) => hashSeconds.observe(seconds),
    /** The hashing pool's queue, read at each scrape. */
    readHashQueue(read: typeof hashQueue) {
      hashQueue = read;
    },
  };
}

/** Whether this instance counts rate limits in its own memory for want of PostgreSQL. */
function limitStoreMetrics(registers: Registers) {
  let limitsInMemory = () => false;
  new Gauge({
    name: "ysp_rate_limit_store_fallback",
    help: "1 while PostgreSQL cannot count rate limits and this instance counts them in its own memory.",
    registers,
    collect() {
      this.set(limitsInMemory() ? 1 : 0);
    },
  });
  return {
    /** Whether rate limits are counted in memory for want of PostgreSQL, read at each scrape. */
    readLimitStore(read: () => boolean) {
      limitsInMemory = read;
    },
  };
}

/**
 * The queue's and the sweep's figures, read from PostgreSQL at most every `figuresMs` (5 s),
 * whatever the number of scrapes: one statement answers all four (metrics-database.ts). NaN while
 * the database cannot answer, so a rule on them neither fires nor clears on a figure that is not known.
 */
function databaseMetrics(registers: Registers, figuresMs: number) {
  let readDatabase: () => Promise<DatabaseFigures> = async () => unknownFigures;
  let figures: Promise<DatabaseFigures> | undefined;
  let figuresAt = 0;
  const databaseFigures = () => {
    if (!figures || Date.now() - figuresAt > figuresMs) {
      figuresAt = Date.now();
      figures = readDatabase().catch(() => unknownFigures);
    }
    return figures;
  };
  const fromDatabase = (name: string, help: string, pick: (f: DatabaseFigures) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        this.set(pick(await databaseFigures()));
      },
    });
  fromDatabase(
    "ysp_mail_queue_depth",
    "Messages queued and neither sent nor given up, those waiting for their next try included (from PostgreSQL: the same on every instance).",
    (f) => f.mailQueued,
  );
  fromDatabase(
    "ysp_mail_oldest_unsent_seconds",
    "Age of the oldest message queued and neither sent nor given up; 0 when there is none.",
    (f) => f.oldestUnsentSeconds,
  );
  fromDatabase(
    "ysp_data_requests_open",
    "Requests about a person's data not yet done (npm run data-requests lists them).",
    (f) => f.dataRequestsOpen,
  );
  fromDatabase(
    "ysp_erasure_sweep_last_success_timestamp_seconds",
    "When an instance last finished the hourly erasure of accounts 30 days after a guardian's refusal.",
    (f) => f.erasureSweepSucceededAt,
  );
  return {
    /** The figures that live in PostgreSQL, read when scraped (cached 5 s). */
    readDatabase(read: typeof readDatabase) {
      readDatabase = read;
    },
  };
}

/** How sign-ups and logins were answered. */
function outcomeMetrics(registers: Registers) {
  const signups = new Counter({
    name: "ysp_signups_total",
    help: "Sign-ups answered, by outcome: created, repeated (the same student again within ten minutes), refused.",
    labelNames: ["outcome"] as const,
    registers,
  });
  const logins = new Counter({
    name: "ysp_logins_total",
    help: "Logins answered, by outcome: succeeded, failed (wrong email or password), refused (limit, busy, bad request).",
    labelNames: ["outcome"] as const,
    registers,
  });
  fromZero(signups, "outcome", signupOutcomes);
  fromZero(logins, "outcome", loginOutcomes);
  return {
    signup: (outcome: SignupOutcome) => signups.inc({ outcome }),
    login: (outcome: LoginOutcome) => logins.inc({ outcome }),
  };
}

/** What became of this instance's tries to send mail. */
function mailMetrics(registers: Registers) {
  const mailSent = new Counter({
    name: "ysp_mail_sent_total",
    help: "Messages this instance handed over: accepted by the SMTP relay, or written to a file without SMTP_URL.",
    registers,
  });
  const mailSendErrors = new Counter({
    name: "ysp_mail_send_errors_total",
    help: "Tries to send a message that the relay refused or that failed: permanent (5xx) or temporary (4xx, timeout, relay down).",
    labelNames: ["kind"] as const,
    registers,
  });
  const mailFailed = new Counter({
    name: "ysp_mail_failed_total",
    help: "Messages given up on by this instance: refused for good, their account gone, or 30 tries over about a day.",
    registers,
  });
  fromZero(mailSendErrors, "kind", sendErrorKinds);
  return {
    mailSent: () => mailSent.inc(),
    mailSendError: (permanent: boolean) =>
      mailSendErrors.inc({ kind: permanent ? "permanent" : "temporary" }),
    mailFailed: () => mailFailed.inc(),
  };
}

/** Requests refused for want of the database, or for being over a rate limit. */
function refusalMetrics(registers: Registers) {
  const databaseUnavailable = new Counter({
    name: "ysp_database_unavailable_total",
    help: "Requests answered 503 because the database could not be reached or did not answer in time.",
    registers,
  });
  const rateLimited = new Counter({
    name: "ysp_rate_limited_total",
    help: "Requests answered 429, by the limit they were over.",
    labelNames: ["limit"] as const,
    registers,
  });
  return {
    databaseUnavailable: () => databaseUnavailable.inc(),
    rateLimited: (limit: string) => rateLimited.inc({ limit }),
  };
}

/**
 * The server's numbers in Prometheus's terms, each counted where its event happens and passed
 * there as a dependency, like config. Counters are this instance's (Prometheus sums them); the
 * queue and sweep figures come from PostgreSQL (metrics-database.ts) and are the same on every
 * instance. Served on a listener of its own (metrics-listener.ts), never on the site's port.
 */
export function createMetrics(
  options: {
    processMetrics?: boolean;
    build?: BuildInfo;
    /** How long the database's figures are kept between scrapes; tests read them fresh (0). */
    databaseFiguresMs?: number;
  } = {},
) {
  const registry = new Registry();
  // CPU, memory, event-loop lag, GC: prom-client's own, read at each scrape.
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  // A scrape lists the metrics in the order they are made here.
  buildInfo(registers, options.build);
  return {
    registry,
    ...requestMetrics(registers),
    ...hashMetrics(registers),
    ...limitStoreMetrics(registers),
    ...databaseMetrics(registers, options.databaseFiguresMs ?? defaultDatabaseFiguresMs),
    ...outcomeMetrics(registers),
    ...mailMetrics(registers),
    ...refusalMetrics(registers),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
