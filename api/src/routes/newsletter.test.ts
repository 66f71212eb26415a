import { answerPages, dataRightsMessages } from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import {
  appOnDatabase,
  builtSite,
  databasesForFile,
  hasBuild,
  pgliteForFile,
  post,
} from "../../test/harness.ts";
import { newsletterSubscriptions } from "../db/schema.ts";

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

describe.runIf(hasBuild())("the newsletter's answer to the footer's form", () => {
  const suite = appOnDatabase(pgliteForFile(), { site: builtSite });
  const ask = (source: string) =>
    suite.app.inject({
      method: "POST",
      url: "/api/v1/newsletter/",
      headers: { "content-type": "application/x-www-form-urlencoded" },
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

  it.each(["/", "//evil.example/x", "https://evil.example/", "/no-such-page", '/faqs"><script>'])(
    "leads home from %s, which is no other page of the site",
    async (source) => {
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
    },
  );
});
