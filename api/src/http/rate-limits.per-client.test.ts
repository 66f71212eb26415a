import { yourDataApi } from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import { databaseOn, databasesForFile, makeApp } from "../../test/harness.ts";
import { createMetrics, type Metrics } from "../ops/metrics.ts";

const databases = databasesForFile();

const reset = "/api/v1/auth/password-reset/";
const yourDataLink = `${yourDataApi}/link/`;
const student = "198.51.100.7";
const stranger = "203.0.113.9";

/**
 * A mailbox's allowance of mail is counted per client and mailbox (rate-limits.ts): a stranger
 * asking for a student's links spends their own allowance, not the student's, and only many
 * clients together reach the ceiling of mail to one mailbox.
 */
describe.each(databases)("a mailbox's allowance is each client's own, on $name", (testDb) => {
  const suite = databaseOn(testDb);
  /** The default limits: 5 an hour per client and mailbox, 20 from every client together. */
  let app: FastifyInstance;
  let flooded: FastifyInstance;
  let metrics: Metrics;
  beforeAll(async () => {
    app = await makeApp(suite.database, {
      rateLimits: { mailPerAddressPerHour: 5, mailFloodPerAddressPerHour: 20 },
    });
    metrics = createMetrics();
    flooded = await makeApp(suite.database, {
      metrics,
      rateLimits: { mailPerAddressPerHour: 2, mailFloodPerAddressPerHour: 5 },
    });
  }, 60_000);
  afterAll(() => Promise.all([app.close(), flooded.close()]));

  const ask = (on: FastifyInstance, url: string, email: string, ip: string) =>
    on.inject({ method: "POST", url, payload: { email }, remoteAddress: ip });
  const asks = async (on: FastifyInstance, email: string, ip: string, times: number) => {
    const statuses = [];
    for (let i = 0; i < times; i++) statuses.push((await ask(on, reset, email, ip)).statusCode);
    return statuses;
  };

  it("lets a student ask for their own reset and data after a stranger asked for them 6 times", async () => {
    const { email } = makeStudent();
    expect(await asks(app, email, stranger, 6)).toEqual([202, 202, 202, 202, 202, 429]);
    expect((await ask(app, reset, email, student)).statusCode).toBe(202);
    expect((await ask(app, yourDataLink, email, student)).statusCode).toBe(202);
  });

  it("counts nothing of the mailbox's ceiling for a client past its own allowance", async () => {
    const { email } = makeStudent();
    expect(await asks(flooded, email, stranger, 10)).toEqual([
      202, 202, 429, 429, 429, 429, 429, 429, 429, 429,
    ]);
    expect((await ask(flooded, reset, email, student)).statusCode).toBe(202);
  });

  it("refuses the owner too once many clients together have asked past the ceiling", async () => {
    const { email } = makeStudent();
    const statuses = [];
    for (const ip of ["203.0.113.1", "203.0.113.2", "203.0.113.3"])
      statuses.push(...(await asks(flooded, email, ip, 2)));
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const owner = await ask(flooded, yourDataLink, email, student);
    expectErrorShape(owner, 429);
    expect(owner.headers["retry-after"]).toMatch(/^\d+$/);
    const counted = await metrics.registry.getSingleMetric("ysp_rate_limited_total")?.get();
    const flood = counted?.values.find((v) => v.labels.limit === "mail-address-flood");
    expect(flood?.value).toBe(2);
  });
});
