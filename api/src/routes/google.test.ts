import { googleWords } from "@ysp/content/google";
import { authMessages, googleSignIn } from "@ysp/contract";
import { newGoogleAccount } from "@ysp/testing/openid-provider";
import { uniqueTag } from "@ysp/testing/students";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { appWithGoogle, callback, landingOf, sentBack } from "../../test/google.ts";
import {
  appOnDatabase,
  bearer,
  builtSite,
  countAccounts,
  databasesForFile,
  hasBuild,
  makeApp,
  makeLoggingApp,
  pgliteForFile,
  signUp,
  testPublicUrl,
} from "../../test/harness.ts";
import { until } from "../../test/until.ts";
import { queryRows } from "../db/client.ts";
import { consentRecords, federatedIdentities, users } from "../db/schema.ts";

const newIdentity = newGoogleAccount;

describe.each(databasesForFile())("Continue with Google ($name)", (testDb) => {
  const { on, suite, googleConfig, signInAs } = appWithGoogle(testDb);

  /** The button's request: the provider's address, and the cookie our answer set. */
  async function start(query = "terms=accepted") {
    const reply = await suite.app.inject({ method: "GET", url: `/login/google?${query}` });
    return { reply, cookie: sentBack(reply.headers["set-cookie"]) };
  }

  const accountOf = async (email: string) => {
    const [user] = await suite.database.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    return user;
  };

  it("shows the button on /join, and on an invite link's page with its code", async () => {
    const inviter = await signUp(suite.app);
    const code = (await accountOf(inviter.email))?.referralCode ?? "";
    for (const [path, link] of [
      ["/join", "/login/google?terms=accepted"],
      [`/join/${code}`, `/login/google?terms=accepted&amp;invite=${code}`],
      // A code nobody has goes no further than its page.
      ["/join/NOSUCH", "/login/google?terms=accepted"],
    ]) {
      const page = await suite.app.inject({ method: "GET", url: path });
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/<div id="google-sign-in" class="google-sign-in">/);
      expect(page.body).toContain(
        `id="google-sign-in-link" class="button button-google" href="${link}"`,
      );
    }
  });

  // The real build's /join, whose form the server writes a refusal back into (form-again.ts).
  it.runIf(hasBuild())(
    "keeps the button on a sign-up posted without a script and refused, from /join and an invite link",
    async () => {
      const inviter = await signUp(suite.app);
      const code = (await accountOf(inviter.email))?.referralCode ?? "";
      const app = await makeApp(suite.database, { google: googleConfig(), site: builtSite });
      onTestFinished(() => app.close());
      for (const [path, link] of [
        ["/join", "/login/google?terms=accepted"],
        [`/join/${code}`, `/login/google?terms=accepted&amp;invite=${code}`],
      ]) {
        const refused = await app.inject({
          method: "POST",
          url: `${path}?form=sign-up`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload:
            "first_name=&last_name=&email=not-an-address&password=x&referral_code=&user_type=STUDENT",
        });
        expect(refused.statusCode, path).toBe(400);
        expect(refused.body).toMatch(/<div id="google-sign-in" class="google-sign-in">/);
        expect(refused.body).toContain(`href="${link}"`);
      }
    },
  );

  it("carries where the student came from to /join on the button, and into the account it makes", async () => {
    const page = await suite.app.inject({
      url: "/join?utm_source=WhatsApp&utm_campaign=waec",
      headers: { referer: "https://www.google.com/" },
    });
    const link =
      "/login/google?terms=accepted&utm_source=whatsapp&utm_campaign=waec&referrer=google.com";
    expect(page.body).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
    const identity = newIdentity();
    const landing = await signInAs(identity, `${link.split("?")[1]}&utm_medium=%3Cb%3E`);
    expect(landing.status).toBe(201);
    expect(await accountOf(identity.email)).toMatchObject({
      utmSource: "whatsapp",
      utmMedium: null,
      utmCampaign: "waec",
      referrerDomain: "google.com",
    });
    // Through the page that asks for a name, too.
    const renamed = newIdentity({ family_name: "" });
    const asked = await signInAs(renamed, "terms=accepted&utm_source=tiktok");
    expect(asked.location).toBe(googleSignIn.namePage);
    const made = await suite.app.inject({
      method: "POST",
      url: googleSignIn.namePage,
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: asked.cookie },
      payload: "first_name=Ada&last_name=Obi",
    });
    expect(made.statusCode).toBe(201);
    expect(await accountOf(renamed.email)).toMatchObject({
      utmSource: "tiktok",
      utmCampaign: null,
    });
  });

  it("shows an app's own browser, which Google refuses, the way to one it takes instead", async () => {
    const instagram =
      "Mozilla/5.0 (Linux; Android 13; SM-A145F Build/TP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0 Mobile Safari/537.36 Instagram 312.0.0.34.111 Android";
    const chrome =
      "Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36";
    for (const path of ["/join", "/join/NOSUCH"]) {
      const inApp = await suite.app.inject({ url: path, headers: { "user-agent": instagram } });
      expect(inApp.headers.vary).toContain("User-Agent");
      expect(inApp.body).toMatch(/<a id="google-sign-in-link"[^>]* hidden="">/);
      expect(inApp.body).toContain('<p id="google-sign-in-in-app" class="notice">');
      const browser = await suite.app.inject({ url: path, headers: { "user-agent": chrome } });
      expect(browser.body).toMatch(
        /<a id="google-sign-in-link" class="button button-google" href=/,
      );
      expect(browser.body).toContain('<p id="google-sign-in-in-app" class="notice" hidden="">');
    }
  });

  it("sends the browser to the provider with a code, PKCE S256, state and nonce, kept in a Lax cookie", async () => {
    const { reply } = await start();
    expect(reply.statusCode).toBe(303);
    const to = new URL(String(reply.headers.location));
    expect(to.origin).toBe(new URL(on.provider.issuer).origin);
    const asked = Object.fromEntries(to.searchParams);
    expect(asked).toMatchObject({
      client_id: on.provider.clientId,
      redirect_uri: `${testPublicUrl}${googleSignIn.callback}`,
      response_type: "code",
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    for (const check of ["state", "nonce", "code_challenge"])
      expect(asked[check]?.length).toBeGreaterThanOrEqual(43);
    const setCookie = [reply.headers["set-cookie"]].flat().join("\n");
    expect(setCookie).toMatch(
      // Behind TLS, as the tests' PUBLIC_URL is: host-only, every path, Secure.
      /^__Host-ysp_google=[\w-]+; Path=\/; Max-Age=600; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(reply.headers["cache-control"]).toBe("no-store");
  });

  it("asks for the terms first: a request without them goes to the sign-up page, invite kept", async () => {
    for (const [query, page] of [
      ["", "/join"],
      ["terms=yes", "/join"],
      ["invite=AB12CD", "/join/AB12CD"],
    ] as const) {
      const { reply } = await start(query);
      expect(reply.statusCode).toBe(303);
      expect(reply.headers.location).toBe(page);
    }
  });

  it("refuses an invite code nobody has before leaving for the provider", async () => {
    const { reply, cookie } = await start("terms=accepted&invite=NOSUCH");
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain(authMessages.inviteUnknown);
    expect(cookie).toBe("");
  });

  it("makes a confirmed account with no password from a new identity, credits the invite, records consent", async () => {
    const inviter = await signUp(suite.app);
    const code = (await accountOf(inviter.email))?.referralCode;
    const identity = newIdentity();
    // Typed in lower case, as a link copied by hand may be: the same student's code.
    const landing = await signInAs(identity, `terms=accepted&invite=${code?.toLowerCase()}`);
    expect(landing).toMatchObject({ status: 201, heading: googleWords.answers.created.title });
    const account = await accountOf(identity.email);
    expect(account).toMatchObject({ firstName: "Chiamaka", lastName: "Obi", passwordHash: null });
    expect(account?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(account?.referredBy).toBe((await accountOf(inviter.email))?.id);
    const linked = await suite.database.db
      .select()
      .from(federatedIdentities)
      .where(eq(federatedIdentities.userId, account?.id ?? ""));
    expect(linked).toMatchObject([{ issuer: on.provider.issuer, subject: identity.sub }]);
    const consent = await suite.database.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.userId, account?.id ?? ""));
    expect(consent).toMatchObject([{ kind: "terms_accepted", sourcePage: "/join" }]);
  });

  it("knows the identity again by its subject, whatever its address now: no second account, no second credit", async () => {
    const inviter = await signUp(suite.app);
    const code = (await accountOf(inviter.email))?.referralCode;
    const identity = newIdentity();
    await signInAs(identity, `terms=accepted&invite=${code}`);
    const moved = { ...identity, email: `moved.${uniqueTag()}@gmail.com` };
    const again = await signInAs(moved, `terms=accepted&invite=${code}`);
    expect(again).toMatchObject({ status: 200, heading: googleWords.answers.known.title });
    expect(await accountOf(moved.email)).toBeUndefined();
    // Known by its subject before anything else is asked of it: an address Google no longer
    // vouches for still finds the account it logs in to.
    const unverified = await signInAs({ ...identity, email_verified: false });
    expect(unverified).toMatchObject({ heading: googleWords.answers.known.title });
    const [credited] = await queryRows<{ count: number }>(
      suite.database.db,
      sql`select count(*)::int as count from ${users} where referred_by = ${(await accountOf(inviter.email))?.id}`,
    );
    expect(credited?.count).toBe(1);
  });

  it("makes nothing from an address the provider does not vouch for", async () => {
    const workspace = newIdentity({
      email: `tobi.${uniqueTag()}@school.edu.ng`,
      hd: "school.edu.ng",
    });
    expect(await signInAs(workspace)).toMatchObject({
      status: 201,
      heading: googleWords.answers.created.title,
    });
    for (const identity of [
      newIdentity({ email_verified: false }),
      newIdentity({ email: `tobi.${uniqueTag()}@yahoo.com` }),
    ]) {
      const landing = await signInAs(identity);
      expect(landing).toMatchObject({
        status: 200,
        heading: googleWords.answers.addressNotProven.title,
      });
      expect(await accountOf(identity.email)).toBeUndefined();
    }
  });

  it("asks for a name the names rule takes instead of Google's, and stores only that", async () => {
    const inviter = await signUp(suite.app);
    const code = (await accountOf(inviter.email))?.referralCode;
    for (const names of [{ given_name: "www.win-now.com" }, { family_name: "" }]) {
      const identity = newIdentity(names);
      const landing = await signInAs(identity, `terms=accepted&invite=${code}`);
      expect(landing).toMatchObject({ status: 303, location: googleSignIn.namePage });
      expect(await accountOf(identity.email)).toBeUndefined();

      const answer = (payload: string, cookie = landing.cookie) =>
        suite.app.inject({
          method: "POST",
          url: googleSignIn.namePage,
          headers: { "content-type": "application/x-www-form-urlencoded", cookie },
          payload,
        });
      // A name the rule refuses is refused again, and the sign-up still waits.
      expect((await answer("first_name=www.win-now.com&last_name=Obi")).statusCode).toBe(400);
      // The identity waits signed: a cookie changed by a byte, or none, makes nothing.
      const [name, value] = landing.cookie.split("=") as [string, string];
      const changed = `${name}=${value.slice(0, -2)}${value.endsWith("A") ? "B" : "A"}${value.slice(-1)}`;
      for (const cookie of [changed, ""])
        expect(landingOf(await answer("first_name=Ada&last_name=Obi", cookie))).toMatchObject({
          status: 400,
          heading: googleWords.answers.failed.title,
        });
      expect(await accountOf(identity.email)).toBeUndefined();

      const made = landingOf(await answer("first_name=%20Ada&last_name=Obi"));
      expect(made).toMatchObject({ status: 201, heading: googleWords.answers.created.title });
      expect(await accountOf(identity.email)).toMatchObject({
        firstName: "Ada",
        lastName: "Obi",
        referredBy: (await accountOf(inviter.email))?.id,
      });
      // Once: the cookie went with the answer.
      expect(landingOf(await answer("first_name=Ada&last_name=Obi", made.cookie)).status).toBe(400);
    }
  });

  it("logs the sign-in with the new account's id, and neither the code nor the state", async () => {
    const { app, lines } = await makeLoggingApp(suite.database, undefined, {
      google: googleConfig(),
    });
    try {
      const { back } = await signInAs(newIdentity(), undefined, app);
      const returned = new URL(back).searchParams;
      await until(() => lines.some((line) => line.via === "google"), "the callback logged");
      const line = lines.find((l) => l.via === "google");
      expect(line).toMatchObject({
        req: {
          url: `${googleSignIn.callback}?code=[redacted]&state=[redacted]&iss=${encodeURIComponent(on.provider.issuer)}`,
        },
        res: { statusCode: 201 },
        userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      for (const secret of [returned.get("code"), returned.get("state")])
        expect(JSON.stringify(lines)).not.toContain(secret);
    } finally {
      await app.close();
    }
  });

  it("refuses a return without its cookie, with another sign-in's state, with a changed nonce, or twice", async () => {
    const identity = newIdentity();
    const refused = { status: 400, heading: googleWords.answers.failed.title };

    const first = await start();
    on.provider.signInAs(identity);
    const back = await on.provider.authorize(String(first.reply.headers.location));
    expect(await callback(suite.app, back, "")).toMatchObject(refused);

    // Another sign-in's cookie: its state is not the one the provider sent back.
    const other = await start();
    const fresh = await start();
    on.provider.signInAs(identity);
    const backFresh = await on.provider.authorize(String(fresh.reply.headers.location));
    expect(await callback(suite.app, backFresh, other.cookie)).toMatchObject(refused);

    // The cookie's nonce changed: the ID token was issued for another.
    const nonced = await start();
    on.provider.signInAs(identity);
    const backNonced = await on.provider.authorize(String(nonced.reply.headers.location));
    const [name, value] = nonced.cookie.split("=") as [string, string];
    const kept = JSON.parse(Buffer.from(value, "base64url").toString());
    const changed = Buffer.from(JSON.stringify({ ...kept, nonce: "x".repeat(43) })).toString(
      "base64url",
    );
    expect(await callback(suite.app, backNonced, `${name}=${changed}`)).toMatchObject(refused);

    expect(await accountOf(identity.email)).toBeUndefined();

    // The same code, used again: the first use makes the account, the second is refused.
    const once = await start();
    on.provider.signInAs(identity);
    const backOnce = await on.provider.authorize(String(once.reply.headers.location));
    expect(await callback(suite.app, backOnce, once.cookie)).toMatchObject({ status: 201 });
    expect(await callback(suite.app, backOnce, once.cookie)).toMatchObject(refused);
  });
});

describe.each(databasesForFile())("the app's Google sign-in ($name)", (testDb) => {
  const { on, suite, googleConfig } = appWithGoogle(testDb);

  const logInWithGoogle = (body: Record<string, unknown>) =>
    suite.app.inject({ method: "POST", url: "/api/v1/auth/google/", payload: body });
  const codeOf = (reply: { json: () => unknown }) =>
    (reply.json() as { errors: { code: string }[] }).errors[0]?.code;

  it("makes the account once with the terms agreed, then logs the same Google account in to it", async () => {
    const identity = newIdentity();
    const id_token = await on.provider.idToken(identity);
    const withoutTerms = await logInWithGoogle({ id_token });
    expect(withoutTerms.statusCode).toBe(409);
    expect(codeOf(withoutTerms)).toBe("terms_required");

    const first = await logInWithGoogle({ id_token, accept_terms: true });
    expect(first.statusCode).toBe(200);
    const login = first.json();
    expect(login.user).toMatchObject({
      email: identity.email,
      first_name: "Chiamaka",
      email_verified: true,
    });
    const me = await suite.app.inject({ url: "/api/v1/auth/me/", headers: bearer(login.access) });
    expect(me.json().id).toBe(login.user.id);

    // Later, with another address at Google and no terms: the same account, by its subject.
    const again = await logInWithGoogle({
      id_token: await on.provider.idToken({ ...identity, email: `new.${uniqueTag()}@gmail.com` }),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(login.user.id);
  });

  it("takes the name the student typed after name_refused, checked by the names rule", async () => {
    const identity = newIdentity({ given_name: "www.win-now.com" });
    const id_token = await on.provider.idToken(identity);
    const refused = await logInWithGoogle({ id_token, accept_terms: true });
    expect(codeOf(refused)).toBe("name_refused");
    // The typed name is the names rule's too: a refused one never reaches the account.
    const alsoRefused = await logInWithGoogle({
      id_token,
      accept_terms: true,
      first_name: "http://win.example",
      last_name: "Obi",
    });
    expect(alsoRefused.statusCode).toBe(400);
    expect(await countAccounts(suite.database, identity.email)).toBe(0);
    const made = await logInWithGoogle({
      id_token,
      accept_terms: true,
      first_name: " Ada ",
      last_name: "Obi",
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().user).toMatchObject({ first_name: "Ada", last_name: "Obi" });
  });

  it("refuses a token that is expired, for another client, from another issuer or badly signed", async () => {
    const identity = newIdentity();
    const now = Math.floor(Date.now() / 1000);
    for (const id_token of [
      await on.provider.idToken(identity, { exp: now - 60, iat: now - 3660 }),
      await on.provider.idToken(identity, { aud: "someone-else.apps.test" }),
      await on.provider.idToken(identity, { iss: "https://issuer.example" }),
      `${(await on.provider.idToken(identity)).split(".").slice(0, 2).join(".")}.c2lnbmF0dXJl`,
    ]) {
      const reply = await logInWithGoogle({ id_token, accept_terms: true });
      expect(reply.statusCode, id_token).toBe(401);
      expect(codeOf(reply)).toBe("google_token_refused");
      expect(reply.headers["www-authenticate"]).toMatch(/^Bearer/);
    }
  });

  it("makes nothing from an address Google does not vouch for, or from a refused name", async () => {
    for (const [claims, status, code] of [
      [{ email_verified: false }, 422, "email_unverified"],
      [{ email: `tobi.${uniqueTag()}@yahoo.com` }, 422, "email_unverified"],
      [{ given_name: "www.win-now.com" }, 422, "name_refused"],
    ] as const) {
      const identity = newIdentity(claims);
      const reply = await logInWithGoogle({
        id_token: await on.provider.idToken(identity),
        accept_terms: true,
      });
      expect(reply.statusCode, JSON.stringify(claims)).toBe(status);
      expect(codeOf(reply)).toBe(code);
      expect(await countAccounts(suite.database, identity.email)).toBe(0);
    }
  });

  // Last: it changes the provider's keys. Each step is a server that has not fetched them yet,
  // as after a restart; a running one fetches them again for a key it has not seen, at most
  // every 30 s (jose's remote key set), and keeps them at most 10 minutes.
  it("takes a key the provider adds beside the old, and refuses one it has dropped", async () => {
    const identity = newIdentity();
    const signedBefore = await on.provider.idToken(identity);
    const verifiedBy = async (id_token: string) => {
      const app = await makeApp(suite.database, { google: googleConfig() });
      try {
        const reply = await app.inject({
          method: "POST",
          url: "/api/v1/auth/google/",
          payload: { id_token, accept_terms: true },
        });
        return reply.statusCode;
      } finally {
        await app.close();
      }
    };
    await on.provider.rotateKeys({ keepOld: true });
    expect(await verifiedBy(await on.provider.idToken(identity))).toBe(200);
    expect(await verifiedBy(signedBefore)).toBe(200);
    await on.provider.rotateKeys();
    expect(await verifiedBy(signedBefore)).toBe(401);
    expect(await verifiedBy(await on.provider.idToken(identity))).toBe(200);
  });
});

describe("without GOOGLE_CLIENT_ID", () => {
  const suite = appOnDatabase(pgliteForFile());

  it("keeps the button hidden, as built", async () => {
    const page = await suite.app.inject({ method: "GET", url: "/join" });
    expect(page.body).toMatch(/<div id="google-sign-in" class="google-sign-in" hidden="">/);
  });

  it("has no Google routes: each is a page not found, and the app's call answers 404", async () => {
    for (const url of ["/login/google?terms=accepted", `${googleSignIn.callback}?code=x&state=y`])
      expect((await suite.app.inject({ method: "GET", url })).statusCode).toBe(404);
    const app = await suite.app.inject({
      method: "POST",
      url: "/api/v1/auth/google/",
      payload: { id_token: "a.b.c", accept_terms: true },
    });
    expect(app.statusCode).toBe(404);
    expect(app.json().errors).toEqual([
      { code: "not_found", detail: authMessages.googleOff, attr: null },
    ]);
  });
});
