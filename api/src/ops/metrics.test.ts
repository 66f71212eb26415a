import { randomBytes, randomInt } from "node:crypto";
import type { AddressInfo } from "node:net";
import { makeStudent } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  databaseOn,
  mailThrough,
  makeApp,
  pgliteForFile,
  post,
  smtpForFile,
} from "../../test/harness.ts";
import { until } from "../../test/until.ts";
import type { Database } from "../db/client.ts";
import { mailOutbox } from "../db/schema.ts";
import { createMailQueue } from "../mail/mail-queue.ts";
import { createMetrics, type Metrics } from "./metrics.ts";
import { listenForMetrics, type MetricsListener } from "./metrics-listener.ts";

/** Every metric of ours (`ysp_*`, docs/deploy.md), each of which must come with its help text. */
const ours = [
  "ysp_signups_total",
  "ysp_logins_total",
  "ysp_hash_queue_depth",
  "ysp_hash_seconds",
  "ysp_hash_saturated",
  "ysp_mail_queue_depth",
  "ysp_mail_oldest_unsent_seconds",
  "ysp_mail_sent_total",
  "ysp_mail_send_errors_total",
  "ysp_mail_failed_total",
  "ysp_database_unavailable_total",
  "ysp_rate_limited_total",
  "ysp_rate_limit_store_fallback",
  "ysp_erasure_sweep_last_success_timestamp_seconds",
  "ysp_data_requests_open",
  "ysp_build_info",
];

/** prom-client's process metrics: CPU, memory, event-loop lag, GC. */
const processMetrics = [
  "process_cpu_seconds_total",
  "process_resident_memory_bytes",
  "nodejs_eventloop_lag_seconds",
  "nodejs_gc_duration_seconds",
];

/** A sample's value by its name and labels as written in the text format, e.g. `x{a="b"}`. */
const sample = (text: string, series: string): number | undefined => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

const requestSeries = async (metrics: Metrics) =>
  (await metrics.registry.metrics())
    .split("\n")
    .filter((line) => line.startsWith("http_request_duration_seconds_count"));

/** A path no route could name: random bytes, escapes and characters a scanner would send. */
function randomPath(): string {
  const word = () => randomBytes(randomInt(1, 12)).toString("base64url");
  const shapes = [
    () => `/${word()}`,
    () => `/join/${word()}`,
    () => `/api/v1/${word()}/${word()}`,
    () => `/verify-email/?token=${word()}`,
    () => `/${word()}/%${randomBytes(1).toString("hex")}/${encodeURIComponent("é😀")}${word()}`,
    () => `/api/v1/auth/${word()}/`,
    () => `/assets/${word()}.js`,
  ];
  return (shapes[randomInt(shapes.length)] as () => string)();
}

const db = pgliteForFile();
const smtp = smtpForFile();

/** What a fresh instance on `database` reports at its first scrape. */
async function createMetricsFor(database: Database): Promise<string> {
  const metrics = createMetrics();
  const app = await makeApp(database, { metrics });
  try {
    return await metrics.registry.metrics();
  } finally {
    await app.close();
  }
}

describe("metrics", () => {
  const suite = databaseOn(db) as {
    database: Database;
    app: FastifyInstance;
    metrics: Metrics;
    listener: MetricsListener;
  };
  beforeAll(async () => {
    suite.metrics = createMetrics({
      processMetrics: true,
      build: { version: "1.2.3", commit: "abc123", node: process.version },
      // Each scrape reads the database's figures afresh, where production keeps them 5 s.
      databaseFiguresMs: 0,
    });
    suite.app = await makeApp(suite.database, { metrics: suite.metrics });
    suite.listener = await listenForMetrics(
      suite.metrics,
      { host: "127.0.0.1", port: 0 },
      { error: () => {} },
    );
  }, 60_000);
  afterAll(async () => {
    await suite.listener.close();
    await suite.app.close();
  });
  const scrape = async () => {
    const answer = await fetch(`http://127.0.0.1:${suite.listener.port}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.text();
  };

  it("serves each metric of ours with its help text, and the process's", async () => {
    const text = await scrape();
    for (const name of [...ours, ...processMetrics])
      expect(text, name).toMatch(new RegExp(`^# HELP ${name} \\S`, "m"));
    expect(
      sample(text, `ysp_build_info{version="1.2.3",commit="abc123",node="${process.version}"}`),
    ).toBe(1);
    // The migration starts the sweep's clock: an alert counts two hours from the deployment.
    const swept = sample(text, "ysp_erasure_sweep_last_success_timestamp_seconds") ?? 0;
    expect(swept).toBeGreaterThan(Date.now() / 1000 - 3600);
  });

  it("reports the erasure sweep's last success from the database, for every instance", async () => {
    await suite.database.db.execute(
      sql`update background_runs set succeeded_at = now() - interval '3 hours'`,
    );
    const before = sample(
      await createMetricsFor(suite.database),
      "ysp_erasure_sweep_last_success_timestamp_seconds",
    );
    expect(before).toBeLessThan(Date.now() / 1000 - 3 * 3600 + 60);
    // Another instance sweeps: this one reports it.
    expect(await suite.app.eraseRefusedAccounts()).toBe(0);
    const after = sample(
      await createMetricsFor(suite.database),
      "ysp_erasure_sweep_last_success_timestamp_seconds",
    );
    expect(after).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it("counts the data requests not yet done", async () => {
    const open = async () =>
      sample(await createMetricsFor(suite.database), "ysp_data_requests_open") ?? -1;
    const before = await open();
    await suite.database.db.execute(
      sql`insert into data_requests (kind, email_hash, done_at)
          values ('delete', 'open-one', null), ('download', 'done-one', now())`,
    );
    expect(await open()).toBe(before + 1);
  });

  it("counts sign-ups and logins by outcome, and the mail they queue", async () => {
    const before = await scrape();
    const student = makeStudent();
    expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
    expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
    expect(
      (await post(suite.app, "/api/v1/auth/signup/", { ...student, password: "another-one-9" }))
        .statusCode,
    ).toBe(400);
    expect((await post(suite.app, "/api/v1/auth/signup/", { email: "x" })).statusCode).toBe(400);
    const login = { email: student.email, password: student.password };
    expect((await post(suite.app, "/api/v1/auth/login/", login)).statusCode).toBe(200);
    const wrong = { ...login, password: "not-the-password-1" };
    expect((await post(suite.app, "/api/v1/auth/login/", wrong)).statusCode).toBe(401);
    const after = await scrape();
    const grew = (series: string) => (sample(after, series) ?? 0) - (sample(before, series) ?? 0);
    expect(grew('ysp_signups_total{outcome="created"}')).toBe(1);
    expect(grew('ysp_signups_total{outcome="repeated"}')).toBe(1);
    expect(grew('ysp_signups_total{outcome="refused"}')).toBe(2);
    expect(grew('ysp_logins_total{outcome="succeeded"}')).toBe(1);
    expect(grew('ysp_logins_total{outcome="failed"}')).toBe(1);
    // Two for the sign-up, one for each login (the decoy's check is the app's own).
    expect(grew("ysp_hash_seconds_count")).toBeGreaterThanOrEqual(4);
    // No transport in this app: the confirmation waits in the queue.
    expect(sample(after, "ysp_mail_queue_depth")).toBeGreaterThanOrEqual(1);
    expect(sample(after, "ysp_mail_oldest_unsent_seconds")).toBeGreaterThan(0);
  }, 30_000);

  it("counts each request over a limit by the limit's name", async () => {
    const metrics = createMetrics();
    const app = await makeApp(suite.database, { metrics, rateLimits: { loginPerMinute: 1 } });
    try {
      const login = { email: makeStudent().email, password: "whatever-it-is-1" };
      expect((await post(app, "/api/v1/auth/login/", login)).statusCode).toBe(401);
      expect((await post(app, "/api/v1/auth/login/", login)).statusCode).toBe(429);
      const text = await metrics.registry.metrics();
      expect(sample(text, 'ysp_rate_limited_total{limit="login"}')).toBe(1);
      expect(sample(text, 'ysp_logins_total{outcome="refused"}')).toBe(1);
    } finally {
      await app.close();
    }
  });

  it("counts messages sent, tries refused and messages given up on", async () => {
    // The tests before queued mail with no worker to send it: this one counts its own only.
    await suite.database.db.delete(mailOutbox);
    const metrics = createMetrics();
    const app = await makeApp(suite.database, { metrics, mail: mailThrough(smtp.url) });
    const value = async (series: string) => sample(await metrics.registry.metrics(), series);
    try {
      expect((await post(app, "/api/v1/auth/signup/", makeStudent())).statusCode).toBe(201);
      await until(async () => (await value("ysp_mail_sent_total")) === 1, "one message sent");
      smtp.refuse(true);
      expect((await post(app, "/api/v1/auth/signup/", makeStudent())).statusCode).toBe(201);
      await until(
        async () => (await value('ysp_mail_send_errors_total{kind="temporary"}')) === 1,
        "one try refused for now",
      );
      expect(await value("ysp_mail_sent_total")).toBe(1);
    } finally {
      await app.close();
      smtp.refuse(false);
    }
    // A message no try can deliver (its account gone) is given up on at once.
    const queue = createMailQueue(suite.database.db, { warn: () => {}, info: () => {} }, () =>
      metrics.mailFailed(),
    );
    await queue.enqueue(suite.database.db, { kind: "verify-email", userId: null, nonce: null });
    queue.work(
      async () => ({ outcome: "give-up", reason: "The account no longer exists" }),
      () => false,
    );
    try {
      await until(async () => (await value("ysp_mail_failed_total")) === 1, "one given up on");
    } finally {
      await queue.stop();
    }
  }, 30_000);

  it("labels requests by route pattern: a thousand random URLs make no new series", async () => {
    const metrics = createMetrics();
    const app = await makeApp(suite.database, { metrics });
    try {
      // Every kind of answer the random paths can get, once, before counting.
      for (const url of ["/", "/join/ABCD1234", "/no-such-page", "/api/v1/nothing"])
        await app.inject({ url, headers: { accept: "text/html" } });
      await app.inject({ url: "/api/v1/nothing" });
      const sent: string[] = [];
      for (let i = 0; i < 1000; i++) {
        const url = randomPath();
        sent.push(url);
        await app.inject({ method: i % 3 === 0 ? "POST" : "GET", url });
      }
      const series = await requestSeries(metrics);
      const routes = new Set(series.map((line) => /route="([^"]*)"/.exec(line)?.[1]));
      // The site's patterns, the API's 404 and `unmatched`: a handful, however many URLs came.
      expect(series.length, series.join("\n")).toBeLessThanOrEqual(16);
      for (const route of routes) expect(sent).not.toContain(route);
      expect([...routes].some((route) => route?.includes("?"))).toBe(false);
    } finally {
      await app.close();
    }
  }, 60_000);

  it("answers /metrics on the site's port with the site's own 404", async () => {
    await suite.app.listen({ port: 0, host: "127.0.0.1" });
    const site = `http://127.0.0.1:${(suite.app.server.address() as AddressInfo).port}`;
    const metrics = await fetch(`${site}/metrics`, { headers: { accept: "text/html" } });
    const missing = await fetch(`${site}/no-such-page`, { headers: { accept: "text/html" } });
    expect(metrics.status).toBe(404);
    const page = await metrics.text();
    expect(page).toBe(await missing.text());
    expect(page).not.toContain("# HELP");
  });
});
