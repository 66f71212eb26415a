import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, testDatabases } from "../../test/harness.ts";
import type { Database } from "../db/client.ts";

const databases = testDatabases();
afterAll(async () => {
  for (const db of databases) await db.stop();
});

describe.each(databases)("health checks on $name", (testDb) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await testDb.open();
    app = await makeApp(database);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("is healthy and ready", async () => {
    const healthz = await app.inject({ url: "/healthz" });
    expect(healthz.statusCode).toBe(200);
    expect(healthz.json()).toEqual({ status: "ok" });
    const readyz = await app.inject({ url: "/readyz" });
    expect(readyz.statusCode).toBe(200);
    expect(readyz.json()).toEqual({ status: "ready", database: testDb.name });
  });
});
