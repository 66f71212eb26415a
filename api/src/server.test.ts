import { describe, expect, it } from "vitest";
import { appOnDatabase, pgliteForFile } from "../test/harness.ts";

const suite = appOnDatabase(pgliteForFile());

describe("the server", () => {
  it("publishes an OpenAPI 3.1 document of the API", async () => {
    const response = await suite.app.inject({ url: "/api/openapi.json" });
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
        "/api/v1/auth/verify-email/",
        "/api/v1/auth/verify-email/resend/",
        "/api/v1/auth/password-reset/",
        "/api/v1/auth/password-reset/confirm/",
      ]),
    );
    // The pages' own form posts are the site's, not the API's.
    expect(Object.keys(doc.paths)).not.toContain("/verify-email");
    expect(Object.keys(doc.paths["/api/v1/auth/password-reset/"].post.responses)).toContain("202");
    // The student is a named schema, which the answer refers to.
    expect(
      doc.paths["/api/v1/auth/me/"].get.responses["200"].content["application/json"].schema,
    ).toEqual({ $ref: "#/components/schemas/User" });
    expect(doc.components.schemas.User.properties.email_verified).toEqual({ type: "boolean" });
    expect(
      doc.paths["/api/v1/auth/signup/"].post.requestBody.content["application/json"].schema
        .required,
    ).toEqual(
      expect.arrayContaining(["email", "password", "first_name", "last_name", "user_type"]),
    );
  });
});
