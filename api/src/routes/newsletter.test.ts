import { dataRightsMessages } from "@ysp/contract";
import { makeStudent } from "@ysp/testing/students";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectErrorShape } from "../../test/expectations.ts";
import { appOnDatabase, databasesForFile, post } from "../../test/harness.ts";
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
