import { yourDataApi } from "@ysp/contract";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  appOnDatabase,
  bearer,
  databasesForFile,
  makeConfig,
  post,
  signUpAndLogIn,
} from "../../test/harness.ts";
import { createTokenSigner } from "./tokens.ts";

const databases = databasesForFile();
const secret = new TextEncoder().encode(makeConfig().jwtSecret);
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString()) as Record<
    string,
    unknown
  >;

/** The token's claims without `dropped`, signed with the app's own secret: only the claim is missing. */
const without = (token: string, dropped: "exp" | "iat") => {
  const { [dropped]: _, ...claims } = claimsOf(token);
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(secret);
};

/**
 * What a token must claim: `exp` and `iat`, whatever its type (jose's requiredClaims), so every
 * token expires; and its type, which only its own routes take.
 */
describe.each(databases)("what a token must claim, on $name", (testDb) => {
  const suite = appOnDatabase(testDb);
  const me = (token: string) =>
    suite.app.inject({ url: "/api/v1/auth/me/", headers: bearer(token) });
  const download = (token: string) =>
    suite.app.inject({ url: `${yourDataApi}/`, headers: bearer(token) });

  /** A new student's login tokens and a data token, each shown to work where it is meant. */
  async function tokensThatWork() {
    const login = (await signUpAndLogIn(suite.app)).json();
    const data = await createTokenSigner(makeConfig().jwtSecret).signData({
      userId: login.user.id,
      epoch: 0,
    });
    expect((await me(login.access)).statusCode).toBe(200);
    expect((await download(data)).statusCode).toBe(200);
    return { access: login.access as string, refresh: login.refresh as string, data };
  }

  it.each(["exp", "iat"] as const)(
    "are refused without %s: access, data and refresh",
    async (claim) => {
      // Signed the same way with the claim kept, each is taken: the refusals are the claim's doing.
      const tokens = await tokensThatWork();
      expect((await me(await without(tokens.access, claim))).statusCode).toBe(401);
      expect((await download(await without(tokens.data, claim))).statusCode).toBe(401);
      const refresh = await without(tokens.refresh, claim);
      for (const url of ["/auth/refresh/", "/api/v1/auth/refresh/"])
        expect((await post(suite.app, url, { refresh })).statusCode).toBe(401);
      expect(
        (await post(suite.app, "/api/v1/auth/refresh/", { refresh: tokens.refresh })).statusCode,
      ).toBe(200);
    },
  );

  it("takes each kind of token only where it is meant: data at /me and access at your data are refused", async () => {
    const tokens = await tokensThatWork();
    expect((await me(tokens.data)).statusCode).toBe(401);
    expect((await download(tokens.access)).statusCode).toBe(401);
    expect((await download(tokens.refresh)).statusCode).toBe(401);
  });
});
