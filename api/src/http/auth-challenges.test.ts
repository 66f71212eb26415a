import { yourDataApi } from "@ysp/contract";
import { describe, expect, it } from "vitest";
import {
  appOnDatabase,
  bearer,
  formHeaders,
  pgliteForFile,
  post,
  signUpAndLogIn,
} from "../../test/harness.ts";

const suite = appOnDatabase(pgliteForFile());
const challenge = 'Bearer realm="YSP"';
const refused = 'Bearer realm="YSP", error="invalid_token"';

describe("a 401 names what it asks for (RFC 9110 §15.5.2, RFC 6750 §3)", () => {
  it("a bearer token, when none came", async () => {
    const me = await suite.app.inject({ url: "/api/v1/auth/me/" });
    expect(me.statusCode).toBe(401);
    expect(me.headers["www-authenticate"]).toBe(challenge);
  });

  it("says the token was refused when one came: forged, or of another kind", async () => {
    const login = await signUpAndLogIn(suite.app);
    const { refresh, access } = login.json();
    for (const token of ["not-a-token", refresh]) {
      const me = await suite.app.inject({ url: "/api/v1/auth/me/", headers: bearer(token) });
      expect(me.statusCode, token).toBe(401);
      expect(me.headers["www-authenticate"], token).toBe(refused);
    }
    const open = await suite.app.inject({ url: "/api/v1/auth/me/", headers: bearer(access) });
    expect(open.statusCode).toBe(200);
    expect(open.headers["www-authenticate"]).toBeUndefined();
  });

  it("says so of a refresh token refused in the body: an access token sent in its place", async () => {
    const login = await signUpAndLogIn(suite.app);
    const refresh = await post(suite.app, "/api/v1/auth/refresh/", {
      refresh: login.json().access,
    });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.headers["www-authenticate"]).toBe(refused);
  });

  it("asks for a token after a wrong password, which is no token refused", async () => {
    const login = await post(suite.app, "/api/v1/auth/login/", {
      email: "nobody@example.com",
      password: "a wrong password",
    });
    expect(login.statusCode).toBe(401);
    expect(login.headers["www-authenticate"]).toBe(challenge);
  });

  it("on a page's answer too: a form about one's data, posted with no data session", async () => {
    const answer = await post(suite.app, `${yourDataApi}/delete/`, "confirm=DELETE", formHeaders);
    expect(answer.statusCode).toBe(401);
    expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    expect(answer.headers["www-authenticate"]).toBe(challenge);
  });

  it("is declared on every 401 of the document", async () => {
    const document = (await suite.app.inject({ url: "/api/openapi.json" })).json();
    const declared = Object.entries(document.paths as object).flatMap(([path, operations]) =>
      Object.entries(operations as Record<string, { responses: Record<string, unknown> }>)
        .filter(([, op]) => op.responses?.["401"])
        .map(([method, op]) => [
          `${method} ${path}`,
          Object.keys((op.responses["401"] as { headers?: object }).headers ?? {}),
        ]),
    );
    expect(declared.length).toBeGreaterThan(10);
    for (const [operation, headers] of declared)
      expect(headers, operation as string).toEqual(["WWW-Authenticate"]);
  });
});
