import { randomUUID } from "node:crypto";
import {
  answerPages,
  dataRightsMessages,
  dataRightsPages,
  emailMessages,
  formAction,
  linkTokenParameter,
} from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import {
  appOnDatabase,
  builtSite,
  databasesForFile,
  formHeaders,
  hasBuild,
  makeConfig,
  pgliteForFile,
  post,
} from "../../test/harness.ts";
import { createNewsletter } from "../accounts/newsletter.ts";
import { newsletterSubscriptions } from "../db/schema.ts";
import { createLinkTokens } from "../mail/link-tokens.ts";
import { escapeHtml } from "../pages/escape-html.ts";

const databases = databasesForFile();

describe.each(databases)("newsletter API on $name", (testDb) => {
  const suite = appOnDatabase(testDb);

  const subscriptions = async (email: string) =>
    (
      await suite.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(newsletterSubscriptions)
        .where(eq(sql`lower(${newsletterSubscriptions.email})`, email))
    )[0]?.n;

  it("asks once: 201, then 200 with the same words and no second row", async () => {
    const email = makeStudent().email;
    const capitalised = email[0]?.toUpperCase() + email.slice(1);
    const first = await post(suite.app, "/api/v1/newsletter/", {
      email: capitalised,
      source: "/faqs",
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: dataRightsMessages.newsletterAsked });
    const again = await post(suite.app, "/api/v1/newsletter/", {
      email: ` ${email.toUpperCase()} `,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: dataRightsMessages.newsletterAsked });
    expect(await subscriptions(email)).toBe(1);
  });

  it("checks the email", async () => {
    const response = await post(suite.app, "/api/v1/newsletter/", { email: "nope" });
    expectErrorShape(response, 400);
    expect(response.json().errors[0]).toMatchObject({
      attr: "email",
      detail: "Please enter a valid email address",
    });
    expect(await subscriptions("nope")).toBe(0);
  });
});

describe.each(databases)(
  "one-click unsubscribes from a mail provider's servers, on $name",
  (testDb) => {
    // The default: 10 a minute per client, as the link routes have.
    const suite = appOnDatabase(testDb, { rateLimits: { mailPerMinute: 10 } });
    /** Two of the few addresses a large provider's one-click posts come from. */
    const [provider, another] = ["209.85.220.41", "209.85.220.42"];
    const oneClick = (token: string, from = provider) =>
      suite.app.inject({
        method: "POST",
        url: `${dataRightsPages.unsubscribe}?${linkTokenParameter}=${token}`,
        payload:
          '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
        headers: { "content-type": "multipart/form-data; boundary=b" },
        remoteAddress: from,
      });
    /** A good token of a subscription, as a newsletter message's link carries it. */
    const goodToken = () =>
      createNewsletter(
        suite.database.db,
        undefined as never,
        createLinkTokens(makeConfig().jwtSecret),
        Date.now,
      ).unsubscribeToken(randomUUID());
    const statuses = async (tokens: string[], from = provider) => {
      const answers = [];
      for (const token of tokens) answers.push((await oneClick(token, from)).statusCode);
      return answers;
    };

    it("answers 50 readers' one-click posts from one address within a minute", async () => {
      const tokens = Array.from({ length: 50 }, goodToken);
      expect(await statuses(tokens)).toEqual(tokens.map(() => 200));
    });

    it("counts refused tokens per address, 429 past 10, and still takes a good one from it", async () => {
      const bad = Array.from({ length: 12 }, (_, i) => `${randomUUID()}.${"x".repeat(42)}${i}`);
      expect(await statuses(bad, another)).toEqual([...Array(10).fill(400), 429, 429]);
      const refused = await oneClick(`${randomUUID()}.${"y".repeat(43)}`, another);
      expectErrorShape(refused, 429);
      expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
      const good = await oneClick(goodToken(), another);
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json()).toEqual({ message: dataRightsMessages.unsubscribed });
    });
  },
);

describe.runIf(hasBuild())("the newsletter's answer to the footer's form", () => {
  const suite = appOnDatabase(pgliteForFile(), { site: builtSite });
  const ask = (source: string) =>
    suite.app.inject({
      method: "POST",
      url: "/api/v1/newsletter/",
      headers: formHeaders,
      payload: new URLSearchParams({ email: makeStudent().email, source }).toString(),
    });
  const mainButton = (html: string) =>
    /<a class="button button-primary" href="([^"]*)">([^<]*)<\/a>/.exec(html)?.slice(1);

  it("leads back to the page the form was on", async () => {
    const asked = await ask("/faqs");
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe(`${answerPages.newsletterAsked}?from=%2Ffaqs`);
    const page = await suite.app.inject({ url: String(asked.headers.location) });
    expect(page.statusCode).toBe(200);
    expect(mainButton(page.body)).toEqual(["/faqs", "Back to the page you were on"]);
    expect(page.body).toContain('<a href="/">Go to the home page</a>');
  });

  it.each([
    "/",
    "//evil.example/x",
    "https://evil.example/",
    "/\\evil.example",
    "javascript:alert(1)",
    "/faqs/../..//evil.example",
    "/no-such-page",
    '/faqs"><script>',
  ])("leads home from %s, which is no other page of the site", async (source) => {
    const asked = await ask(source);
    expect(asked.statusCode).toBe(303);
    const location = String(asked.headers.location);
    expect(location).toBe(answerPages.newsletterAsked);
    // The same for a `from` written by hand.
    for (const url of [location, `${location}?from=${encodeURIComponent(source)}`]) {
      const page = await suite.app.inject({ url });
      expect(mainButton(page.body)).toEqual(["/", "Go to the home page"]);
      expect(page.body).not.toContain("evil.example");
    }
  });

  /** The footer's email field as the page has it: its value, and the line it is read with. */
  const emailField = (html: string) => {
    const footer = html.slice(html.indexOf('<form class="newsletter"'));
    const tag = /<input [^>]*name="email"[^>]*>/.exec(footer)?.[0] ?? "";
    const ids = / aria-describedby="([^"]*)"/.exec(tag)?.[1]?.split(" ") ?? [];
    const lines = ids.map((id) => new RegExp(`<p id="${id}"[^>]*>([^<]*)</p>`).exec(html)?.[1]);
    return {
      value: / value="([^"]*)"/.exec(tag)?.[1] ?? "",
      invalid: tag.includes('aria-invalid="true"'),
      lines,
    };
  };

  // With a script the page says the same words before it posts (inline-scripts.test.ts).
  it.each(
    ["/", "/faqs", answerPages.resetLinkSent].flatMap((path) => [
      [path, "", emailMessages.required],
      [path, "a@b", emailMessages.invalid],
    ]),
  )(
    "answers %s's footer holding %j with that page again, the words under the field",
    async (path, typed, message) => {
      const refused = await suite.app.inject({
        method: "POST",
        url: `${path}${formAction("newsletter")}`,
        headers: formHeaders,
        payload: new URLSearchParams({ email: typed, source: path }).toString(),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.headers["content-type"]).toMatch(/^text\/html/);
      expect(emailField(refused.body)).toEqual({
        value: typed,
        invalid: true,
        lines: expect.arrayContaining([message]),
      });
    },
  );

  /** Every address a page links to, loads from or posts to. */
  const targets = (html: string) =>
    [...html.matchAll(/\s(?:href|src|action|formaction)\s*=\s*"([^"]*)"/gi)].map((m) => m[1]);

  /** A refused address answered with a page of the site, every link on it the site's own. */
  function expectRefusedInPlace(refused: LightMyRequestResponse) {
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["content-type"]).toMatch(/^text\/html/);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.headers.refresh).toBeUndefined();
    const html = refused.body;
    expect(html).toContain(emailMessages.invalid);
    expect(html).not.toMatch(/<img src=x|onerror="window|evil\.example/);
    expect(html).not.toMatch(/http-equiv\s*=\s*"?refresh/i);
    expect(targets(html).length).toBeGreaterThan(0);
    for (const target of targets(html)) expect(target).not.toMatch(/^(javascript:|\/[/\\])/i);
  }

  const hostileSources = [
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "/faqs/../..//evil.example",
    '"><img src=x onerror="window.__xss=1">',
  ];
  const markupAddress = "<img src=x onerror=alert(1)>";
  const postMarkup = (url: string, source: string) =>
    suite.app.inject({
      method: "POST",
      url,
      headers: formHeaders,
      payload: new URLSearchParams({ email: markupAddress, source }).toString(),
    });

  // A hand-made form: the API's address, no page to go back to but the site's own.
  it.each(hostileSources)(
    "answers a bad address posted to the API from %s in place",
    async (source) => {
      expectRefusedInPlace(await postMarkup("/api/v1/newsletter/", source));
    },
  );

  // The footer's form posted past the page's script: its page again, what was typed as text.
  it.each(hostileSources)(
    "answers a bad address from the footer with markup in %s with its page, as text",
    async (source) => {
      const refused = await postMarkup(`/faqs${formAction("newsletter")}`, source);
      expectRefusedInPlace(refused);
      expect(emailField(refused.body)).toMatchObject({
        value: escapeHtml(markupAddress),
        invalid: true,
      });
    },
  );
});

describe.runIf(hasBuild()).each(databases)(
  "an unsubscribe link opened again, on $name",
  (testDb) => {
    const suite = appOnDatabase(testDb, { site: builtSite });
    const open = (token: string) =>
      suite.app.inject({ url: `${dataRightsPages.unsubscribe}?${linkTokenParameter}=${token}` });

    it('shows the button while the subscription is on, and "You\'re unsubscribed" once it is off', async () => {
      const [row] = await suite.database.db
        .insert(newsletterSubscriptions)
        .values({ email: makeStudent().email, confirmedAt: new Date() })
        .returning({ id: newsletterSubscriptions.id });
      const token = createNewsletter(
        suite.database.db,
        undefined as never,
        createLinkTokens(makeConfig().jwtSecret),
        Date.now,
      ).unsubscribeToken(row?.id ?? "");
      const before = await open(token);
      expect(before.statusCode).toBe(200);
      expect(before.body).toContain('type="submit"');
      const done = await suite.app.inject({
        method: "POST",
        url: `${dataRightsPages.unsubscribe}?${linkTokenParameter}=${token}`,
        payload: "",
        headers: formHeaders,
      });
      expect(done.statusCode).toBe(303);
      const after = await open(token);
      expect(after.statusCode).toBe(303);
      expect(after.headers.location).toBe(answerPages.unsubscribed);
      expect(after.headers["cache-control"]).toBe("no-store");
      // A token that is not ours gets its button, as any link does until its form is posted.
      const forged = await open(`${randomUUID()}.${"x".repeat(43)}`);
      expect(forged.statusCode).toBe(200);
      expect(forged.body).toContain('type="submit"');
    });
  },
);
