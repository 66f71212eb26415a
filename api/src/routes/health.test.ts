import { describe, expect, it } from "vitest";
import { appOnDatabase, databasesForFile } from "../../test/harness.ts";

const databases = databasesForFile();

describe.each(databases)("health checks on $name", (testDb) => {
  const suite = appOnDatabase(testDb);

  it("is healthy and ready", async () => {
    const healthz = await suite.app.inject({ url: "/healthz" });
    expect(healthz.statusCode).toBe(200);
    expect(healthz.json()).toEqual({ status: "ok" });
    const readyz = await suite.app.inject({ url: "/readyz" });
    expect(readyz.statusCode).toBe(200);
    expect(readyz.json()).toEqual({ status: "ready", database: testDb.name });
  });
});
