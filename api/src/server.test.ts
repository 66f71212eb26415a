import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApp, testDatabases } from "../test/harness.ts";
import type { Database } from "./db/client.ts";

const [pglite] = testDatabases();
let database: Database;
let app: FastifyInstance;
beforeAll(async () => {
  if (!pglite) throw new Error("no PGlite test database");
  database = await pglite.open();
  app = await makeApp(database);
}, 60_000);
afterAll(async () => {
  await app.close();
  await database.close();
  await pglite?.stop();
});

describe("the server", () => {
  it("publishes an OpenAPI 3.1 document of the API", async () => {
    const response = await app.inject({ url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/auth/signup/",
        "/api/v1/auth/login/",
        "/auth/refresh/",
        "/api/v1/auth/me/",
        "/api/v1/newsletter/",
      ]),
    );
    expect(
      doc.paths["/api/v1/auth/signup/"].post.requestBody.content["application/json"].schema
        .required,
    ).toEqual(
      expect.arrayContaining(["email", "password", "first_name", "last_name", "user_type"]),
    );
  });
});
