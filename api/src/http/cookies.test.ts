import {
  accountPages,
  dataRightsLifetimes,
  dataRightsPages,
  serviceMessages,
  signupCorrectionLifetime,
  yourDataApi,
} from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import {
  builtSite,
  databaseOn,
  databasesForFile,
  formHeaders,
  hasBuild,
  mailThrough,
  makeApp,
  makeConfig,
  signUpAndLogIn,
  smtpForFile,
  testPublicUrl,
} from "../../test/harness.ts";
import { mailTo, tokenIn } from "../../test/mail.ts";
import { createTokenSigner } from "../auth/tokens.ts";
import { escapeHtml } from "../pages/escape-html.ts";

const databases = databasesForFile();
const built = hasBuild();

const smtp = smtpForFile();

const signer = createTokenSigner(makeConfig().jwtSecret);
const minutes30 = dataRightsLifetimes.yourData.seconds;

/** The Set-Cookie line for `name` in an answer. */
const setCookie = (headers: Record<string, unknown>, name: string) =>
  [headers["set-cookie"] ?? []].flat().find((line) => String(line).startsWith(`${name}=`));

/**
 * Each kind of site: behind TLS (PUBLIC_URL https, as deployed), where the names are `__Host-`
 * prefixed, and plain http (npm start, the browser tests), where they stay as they were.
 */
const sites = [
  {
    scheme: "https",
    publicUrl: testPublicUrl,
    data: "__Host-ysp_data",
    signedUpAddress: "__Host-ysp_signed_up",
    signupAccount: "__Host-ysp_signup",
    attributes: (seconds: number) =>
      `; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Strict; Secure`,
    signedUpPath: "/",
  },
  {
    scheme: "http",
    publicUrl: "http://localhost:3000",
    data: "ysp_data",
    signedUpAddress: "ysp_signed_up",
    signupAccount: "ysp_signup",
    attributes: (seconds: number) => `; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Strict`,
    signedUpPath: accountPages.signedUp,
  },
] as const;

describe.each(databases)("our cookies on $name", (testDb) => {
  const suite = databaseOn(testDb);

  describe.each(sites)("at an $scheme PUBLIC_URL", (site) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await makeApp(suite.database, {
        publicUrl: site.publicUrl,
        mail: mailThrough(smtp.url),
      });
    }, 60_000);
    afterAll(() => app.close());

    /** A data token of a new student's, as the link's page puts it in the cookie. */
    const newDataToken = async () => {
      const { user } = (await signUpAndLogIn(app)).json();
      return signer.signData({ userId: user.id, epoch: 0 });
    };

    it(`names and sets each cookie by PUBLIC_URL: ${site.data}, ${site.signedUpAddress}, ${site.signupAccount}`, async () => {
      const student = makeStudent();
      const signedUp = await app.inject({
        method: "POST",
        url: "/api/v1/auth/signup/",
        headers: formHeaders,
        payload: new URLSearchParams(student).toString(),
      });
      expect(signedUp.statusCode, signedUp.body).toBe(303);
      const remembered = String(setCookie(signedUp.headers, site.signedUpAddress));
      expect(remembered).toMatch(/^[^;]+=[^;]+; /);
      expect(remembered.slice(remembered.indexOf(";"))).toBe(
        site.attributes(3600).replace("Path=/;", `Path=${site.signedUpPath};`),
      );
      const account = String(setCookie(signedUp.headers, site.signupAccount));
      expect(account.slice(account.indexOf(";"))).toBe(
        site.attributes(signupCorrectionLifetime.seconds),
      );

      const link = tokenIn(
        await mailTo(smtp, student.email, "Confirm your email"),
        "/verify-email",
      );
      const confirmed = await app.inject({
        method: "POST",
        url: `${accountPages.verifyEmail}?token=${link}`,
        headers: formHeaders,
        payload: "",
      });
      expect(confirmed.statusCode, confirmed.body).toBe(303);
      const line = String(setCookie(confirmed.headers, site.data));
      expect(line.slice(line.indexOf(";"))).toBe(site.attributes(minutes30));
      expect(line).not.toMatch(/Domain=/i);
      const cookie = line.split(";")[0] ?? "";
      expect((await app.inject({ url: `${yourDataApi}/`, headers: { cookie } })).statusCode).toBe(
        200,
      );

      // Deleting the account clears the cookie with the attributes it was set with.
      const deleted = await app.inject({
        method: "POST",
        url: `${yourDataApi}/delete/`,
        headers: { ...formHeaders, cookie },
        payload: "confirm=DELETE",
      });
      expect(deleted.statusCode, deleted.body).toBe(303);
      expect(setCookie(deleted.headers, site.data)).toBe(`${site.data}=${site.attributes(0)}`);
    });

    it("refuses a request that carries one of them twice, in the API's shape, and does nothing", async () => {
      const [stranger, own] = [await newDataToken(), await newDataToken()];
      const twice = `${site.data}=${stranger}; ${site.data}=${own}`;
      const download = await app.inject({ url: `${yourDataApi}/`, headers: { cookie: twice } });
      expectErrorShape(download, 400);
      expect(download.json().errors).toEqual([
        { code: "cookie_twice", detail: serviceMessages.cookieTwice, attr: null },
      ]);
      // Once each, however they are spaced, and the same value twice too.
      for (const cookie of [
        `${site.data}=${own};${site.data}=${stranger}`,
        `theme=dark; ${site.data}=${own}; other=1; ${site.data}=${own}`,
      ]) {
        const again = await app.inject({ url: `${yourDataApi}/`, headers: { cookie } });
        expect(again.statusCode, cookie).toBe(400);
      }

      const renamed = await app.inject({
        method: "POST",
        url: `${yourDataApi}/name/`,
        headers: { ...formHeaders, cookie: twice },
        payload: "first_name=Mallory&last_name=Stranger",
      });
      expect(renamed.statusCode).toBe(400);
      expect(renamed.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(renamed.body).toContain(`<p>${escapeHtml(serviceMessages.cookieTwice)}</p>`);
      for (const token of [stranger, own]) {
        const data = await app.inject({
          url: `${yourDataApi}/`,
          headers: { cookie: `${site.data}=${token}` },
        });
        expect(data.json().account.first_name).not.toBe("Mallory");
      }
    });

    if (site.scheme === "https")
      it("reads only the __Host- name behind TLS: one tossed under the plain name opens nothing", async () => {
        const token = await newDataToken();
        const plain = await app.inject({
          url: `${yourDataApi}/`,
          headers: { cookie: `ysp_data=${token}` },
        });
        expectErrorShape(plain, 401);
        // Nor are two of them refused: a name this site does not read blocks nobody.
        const beside = await app.inject({
          url: `${yourDataApi}/`,
          headers: { cookie: `ysp_data=x; ysp_data=y; ${site.data}=${token}` },
        });
        expect(beside.statusCode).toBe(200);
      });
  });

  describe.runIf(built)("pages of the real build", () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await makeApp(suite.database, { site: builtSite });
    }, 60_000);
    afterAll(() => app.close());

    it.each([
      [dataRightsPages.manageYourData, "__Host-ysp_data"],
      [accountPages.signedUp, "__Host-ysp_signed_up"],
    ])("%s, opened with %s twice, says why on a page", async (path, name) => {
      const { user } = (await signUpAndLogIn(app)).json();
      const token = await signer.signData({ userId: user.id, epoch: 0 });
      const page = await app.inject({
        url: path,
        headers: {
          accept: "text/html",
          cookie: `${name}=${token}; ${name}=a%E2%80%A2%E2%80%A2%E2%80%A2%40x.ng`,
        },
      });
      expect(page.statusCode).toBe(400);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.headers["cache-control"]).toBe("no-store");
      expect(page.body).toContain(`<p>${escapeHtml(serviceMessages.cookieTwice)}</p>`);
    });
  });
});
