import { crossSitePostPage } from "@ysp/content/error-pages";
import { dataRightsPages, yourDataApi } from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import {
  appWithMailOn,
  countAccounts,
  databasesForFile,
  formHeaders,
  makeLoggingApp,
  post,
  testCookies,
  testPublicUrl,
} from "../../test/harness.ts";
import { mailTo, tokenIn } from "../../test/mail.ts";
import { until } from "../../test/until.ts";
import { homeLink } from "../pages/form-posts.ts";

const databases = databasesForFile();

/** What a browser says about a form another site made it post. */
const fromOtherSites = {
  "another site (Sec-Fetch-Site: cross-site)": {
    "sec-fetch-site": "cross-site",
    origin: "https://evil.example",
  },
  "another host of the same site (Sec-Fetch-Site: same-site)": {
    "sec-fetch-site": "same-site",
    origin: "https://shop.ysp.example",
  },
  "a browser's Sec-Fetch-Site: cross-site, without Origin": { "sec-fetch-site": "cross-site" },
  "an older browser's Origin of another site": { origin: "https://evil.example" },
  "an older browser's opaque Origin (a sandboxed frame)": { origin: "null" },
} satisfies Record<string, Record<string, string>>;

const form = (fields: Record<string, string> = {}, headers: Record<string, string> = {}) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { ...formHeaders, ...headers },
});

/** The refusal page: 403, the page's own words, nothing set, nothing cached. */
function expectRefused(answer: LightMyRequestResponse, label: string, link = "/") {
  expect(answer.statusCode, `${label}: ${answer.body}`).toBe(403);
  expect(answer.headers["content-type"]).toMatch(/^text\/html/);
  expect(answer.headers["cache-control"]).toBe("no-store");
  expect(answer.headers["set-cookie"]).toBeUndefined();
  expect(answer.body).toContain(`<h1>${crossSitePostPage.title}</h1>`);
  const way = /<a [^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g;
  const wayOn: string[] = [crossSitePostPage.pageLink, homeLink.text];
  const ways = [...answer.body.matchAll(way)].filter(([, , text]) => wayOn.includes(text ?? ""));
  // Home is named home; any other page is the page the form was on.
  const named = link === "/" ? homeLink.text : crossSitePostPage.pageLink;
  expect(ways.map(([, href, text]) => [href, text])).toEqual([[link, named]]);
}

describe.each(databases)("forms posted from another site, on $name", (testDb) => {
  const suite = appWithMailOn(testDb);
  const { smtp } = suite;

  const signUp = async () => {
    const student = makeStudent();
    expect((await post(suite.app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
    return student;
  };

  it.each([
    ["a your-data link", dataRightsPages.yourData, "Your data at YSP", true],
    ["a link to confirm the email", "/verify-email", "Confirm your email", false],
  ])(
    "%s posted from another site plants no session and stays usable",
    async (_name, path, subject, askFirst) => {
      const student = await signUp();
      if (askFirst) await post(suite.app, `${yourDataApi}/link/`, { email: student.email });
      const url = `${path}?token=${tokenIn(await mailTo(smtp, student.email, subject), path)}`;

      for (const [from, headers] of Object.entries(fromOtherSites)) {
        expectRefused(await suite.app.inject({ method: "POST", url, ...form({}, headers) }), from);
      }

      // The student's own tap, on the page the link opened: the link was not used by the refusals.
      const tapped = await suite.app.inject({
        method: "POST",
        url,
        ...form({}, { "sec-fetch-site": "same-origin", origin: "http://localhost" }),
      });
      expect(tapped.statusCode, tapped.body).toBe(303);
      expect(String(tapped.headers["set-cookie"])).toMatch(
        new RegExp(`^${testCookies.data.name}=`),
      );
    },
  );

  it.each([
    ["an older browser's Origin that is ours by Host", { origin: "http://localhost" }],
    ["an older browser's Origin that is ours by PUBLIC_URL", { origin: testPublicUrl }],
    ["Sec-Fetch-Site: none, typed or bookmarked", { "sec-fetch-site": "none" }],
    ["neither header, as curl or a very old browser sends it", {}],
  ])("lets through a post with %s", async (_name, headers) => {
    const student = await signUp();
    const token = tokenIn(await mailTo(smtp, student.email, "Confirm your email"), "/verify-email");
    const answer = await suite.app.inject({
      method: "POST",
      url: `/verify-email?token=${token}`,
      ...form({}, headers),
    });
    expect(answer.statusCode, answer.body).toBe(303);
  });

  it("lets GET and HEAD through from anywhere: a mail link opened in a webmail page is one", async () => {
    const headers = fromOtherSites["another site (Sec-Fetch-Site: cross-site)"];
    for (const method of ["GET", "HEAD"] as const)
      expect((await suite.app.inject({ method, url: "/join", headers })).statusCode, method).toBe(
        200,
      );
  });

  it("logs what gave a refusal away: the browser's Sec-Fetch-Site, or its Origin", async () => {
    const { app, lines } = await makeLoggingApp(suite.database);
    const refusals = Object.values(fromOtherSites);
    const logged = (i: number) =>
      lines.find((line) => (line.req as { url: string }).url === `/join?from=${i}`);
    try {
      for (const [i, headers] of refusals.entries())
        await app.inject({ method: "POST", url: `/join?from=${i}`, ...form({}, headers) });
      await until(() => refusals.every((_, i) => logged(i)), "a line for each refusal");
      expect(refusals.map((_, i) => logged(i)?.crossSite)).toEqual([
        "cross-site",
        "same-site",
        "cross-site",
        "origin",
        "origin",
      ]);
    } finally {
      await app.close();
    }
  });

  it("refuses every kind of post a page on another site can make, before any work", async () => {
    const student = makeStudent();
    const headers = fromOtherSites["another site (Sec-Fetch-Site: cross-site)"];
    const posts: [string, { payload: string; headers: Record<string, string> }][] = [
      ["/api/v1/auth/signup/", form(student, headers)],
      ["/api/v1/auth/password-reset/", form({ email: student.email }, headers)],
      ["/api/v1/auth/verify-email/resend/", form({ email: student.email }, headers)],
      [`${yourDataApi}/link/`, form({ email: student.email }, headers)],
      [`${yourDataApi}/open/`, form({ token: "x" }, headers)],
      [`${yourDataApi}/delete/`, form({ confirm: "DELETE" }, headers)],
      ["/reset-password?token=x", form({ password: "a-new-password-1" }, headers)],
      ["/guardian-consent?token=x", form({ decision: "refuse" }, headers)],
      ["/newsletter-confirm?token=x", form({}, headers)],
      ["/api/v1/newsletter/", form({ email: student.email, source: "/" }, headers)],
      // A script's no-cors fetch: text/plain, or no body at all.
      [
        "/api/v1/auth/login/",
        { payload: "{}", headers: { ...headers, "content-type": "text/plain" } },
      ],
      [`${yourDataApi}/stop-marketing/`, { payload: "", headers }],
      [
        "/newsletter-confirm?token=x",
        {
          payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--b--\r\n',
          headers: { ...headers, "content-type": "multipart/form-data; boundary=b" },
        },
      ],
    ];
    for (const [url, request] of posts)
      expectRefused(await suite.app.inject({ method: "POST", url, ...request }), url);
    expect(await countAccounts(suite.database, student.email)).toBe(0);
  });

  it("links the refusal to the page the form posted to, when the site has it", async () => {
    // The fixture site's pages are / and /join (/join/<code> too).
    const headers = fromOtherSites["another site (Sec-Fetch-Site: cross-site)"];
    const refusal = (url: string) =>
      suite.app.inject({ method: "POST", url, ...form({}, headers) });
    expectRefused(await refusal("/join/K7QX9M"), "an invite link", "/join");
    expectRefused(await refusal("/?x=1"), "the home page", "/");
    expectRefused(await refusal("//evil.example/join"), "no page", "/");
  });

  it("lets a mail app's one-click unsubscribe (RFC 8058) come from anywhere", async () => {
    const email = makeStudent().email;
    await post(suite.app, "/api/v1/newsletter/", { email });
    const token = tokenIn(
      await mailTo(smtp, email, "Confirm your subscription"),
      dataRightsPages.unsubscribe,
    );
    const oneClick = await suite.app.inject({
      method: "POST",
      url: `${dataRightsPages.unsubscribe}?token=${token}`,
      payload:
        '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
      headers: {
        "content-type": "multipart/form-data; boundary=b",
        "sec-fetch-site": "cross-site",
        origin: "https://mail.example",
      },
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
  });

  it("refuses an older browser's post from elsewhere when the Host is no address at all", async () => {
    // No origin can be made of this Host: the post is still from another site, not a crash.
    const answer = await suite.app.inject({
      method: "POST",
      url: "/join",
      ...form({}, { origin: "https://evil.example", host: "not a host" }),
    });
    expect(answer.statusCode).toBe(403);
  });

  it("leaves JSON to the app: an Origin of its own is no refusal, and no preflight is answered", async () => {
    const student = await signUp();
    const body = { email: student.email, password: student.password };
    // The media type as a browser reads it for CORS: any case, spaces before the ";".
    for (const type of ["application/json", "Application/JSON ; charset=utf-8"]) {
      const login = await post(suite.app, "/api/v1/auth/login/", JSON.stringify(body), {
        "content-type": type,
        origin: "https://app.example",
      });
      expect(login.statusCode, type).toBe(200);
    }
    // What keeps a browser from posting JSON across sites: its preflight gets no CORS allowance.
    const preflight = await suite.app.inject({
      method: "OPTIONS",
      url: "/api/v1/auth/login/",
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.statusCode).toBe(405);
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    expect(preflight.headers["access-control-allow-headers"]).toBeUndefined();
  });
});
