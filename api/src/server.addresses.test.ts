import { dataRightsMessages, emailMessages, newsletterApi, yourDataApi } from "@ysp/contract";
import { hostileAddresses } from "@ysp/testing/addresses";
import { makeStudent, uniqueTag } from "@ysp/testing/students";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectErrorShape } from "../test/expectations.ts";
import {
  bearer,
  databaseOn,
  databasesForFile,
  formHeaders,
  mailThrough,
  makeApp,
  openDataLink,
  post,
  signUp,
  smtpForFile,
} from "../test/harness.ts";
import { type Database, queryRows } from "./db/client.ts";

/**
 * One address grammar at every door (contract/email.ts): an address that is not one bare
 * address, or not the one it looks like, is refused wherever an address is taken, before
 * anything is stored or mailed. And a student's own mailbox, however spelled, is not a parent's.
 */
const databases = databasesForFile();

const smtp = smtpForFile();

/** The rows an accepted address would have added, anywhere. */
async function rowCounts({ database }: { database: Database }) {
  const [row] = await queryRows<Record<string, number>>(
    database.db,
    sql`select
      (select count(*)::int from users) as users,
      (select count(*)::int from newsletter_subscriptions) as subscriptions,
      (select count(*)::int from guardian_requests) as guardian_requests`,
  );
  return row;
}

const formPost = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: {
    ...formHeaders,
    "sec-fetch-site": "same-origin",
    ...headers,
  },
});

describe.each(databases)("email addresses on $name", (testDb) => {
  const suite = databaseOn(testDb) as { database: Database; app: FastifyInstance };
  beforeAll(async () => {
    suite.app = await makeApp(suite.database, { mail: mailThrough(smtp.url) });
  }, 60_000);
  afterAll(() => suite.app.close());

  /** A data token for a new student with this address, by the link the API mails. */
  async function dataTokenFor(email: string) {
    await signUp(suite.app, makeStudent({ email }));
    return bearer((await openDataLink(suite.app, smtp, email)).access);
  }

  const askParent = async (auth: Record<string, string>, guardianEmail: string) =>
    post(suite.app, `${yourDataApi}/guardian-request/`, { guardian_email: guardianEmail }, auth);

  /** Every endpoint that takes an address, with its field; the parent's needs a data token. */
  type Door = {
    url: string;
    field: string;
    body: (email: string) => object;
    headers?: Record<string, string>;
  };
  const doors = (auth: Record<string, string>): Door[] => [
    {
      url: "/api/v1/auth/signup/",
      field: "email",
      body: (email: string) => makeStudent({ email }),
    },
    ...[
      `${newsletterApi}/`,
      "/api/v1/auth/verify-email/resend/",
      "/api/v1/auth/password-reset/",
      `${yourDataApi}/link/`,
    ].map((url) => ({ url, field: "email", body: (email: string) => ({ email }) })),
    {
      url: `${yourDataApi}/guardian-request/`,
      field: "guardian_email",
      body: (email: string) => ({ guardian_email: email }),
      headers: auth,
    },
  ];

  it("refuses every address that is not one bare address, at every door, storing nothing", async () => {
    const auth = await dataTokenFor(`ifeoma.${uniqueTag()}@example.com`);
    for (const door of doors(auth)) {
      for (const email of hostileAddresses) {
        const before = await rowCounts(suite);
        const what = `${door.url} with ${JSON.stringify(email)}`;
        const answer = await post(suite.app, door.url, door.body(email), door.headers);
        expectErrorShape(answer, 400, what);
        expect(answer.json().errors[0], what).toMatchObject({
          detail: emailMessages.invalid,
          attr: door.field,
        });
        expect(await rowCounts(suite), what).toEqual(before);
      }
    }
  });

  it.each([
    "/api/v1/auth/signup/",
    `${newsletterApi}/`,
    "/api/v1/auth/password-reset/",
    `${yourDataApi}/link/`,
  ])("refuses them in a plain form post to %s, with a page that says so", async (url) => {
    for (const email of ["kid@x.com,", "<kid@x.com>", "a@x.com;b@y.com", "a@x.com (c)"]) {
      const before = await rowCounts(suite);
      const fields: Record<string, string> =
        url === "/api/v1/auth/signup/"
          ? { ...makeStudent({ email }), referral_code: "" }
          : { email };
      const answer = await suite.app.inject({ method: "POST", url, ...formPost(fields) });
      expect(answer.statusCode, `${url} ${email}`).toBe(400);
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(answer.body).toContain(emailMessages.invalid);
      expect(await rowCounts(suite)).toEqual(before);
    }
  });

  // "~" stands for a tag that makes each student's mailbox new.
  it.each([
    ["kid~@example.com", ["kid~+mum@example.com", "KID~+Mum@Example.com", "kid~+@example.com"]],
    [
      "k.i.d~@gmail.com",
      [
        "kid~@gmail.com",
        "kid~@googlemail.com",
        "K.I.D~+school@googlemail.com",
        "k.id~+a@gmail.com",
      ],
    ],
    ["kid~@googlemail.com", ["k.i.d~@gmail.com", "kid~+x@gmail.com"]],
    ["kid~@icloud.com", ["kid~@me.com", "Kid~+Mum@Mac.com"]],
    ["k.i.d~@proton.me", ["kid~@pm.me", "k_i-d~+mum@protonmail.com"]],
    ["kid~@yandex.ru", ["kid~@ya.ru", "kid~+mum@yandex.com"]],
    ["kid~@fastmail.com", ["mum@kid~.fastmail.com", "kid~+mum@fastmail.com"]],
  ])("a student %s cannot name their own mailbox as the parent's: %j", async (own, spellings) => {
    const tag = uniqueTag();
    const tagged = (address: string) => address.replace("~", tag);
    const auth = await dataTokenFor(tagged(own));
    for (const spelling of spellings.map(tagged)) {
      const answer = await askParent(auth, spelling);
      expectErrorShape(answer, 400, spelling);
      expect(answer.json().errors[0]).toEqual({
        code: "guardian_email_own",
        detail: dataRightsMessages.guardianEmailOwn,
        attr: "guardian_email",
      });
    }
    // Another mailbox at the same place is a parent's.
    const asked = await askParent(auth, tagged(own.replace("~", "~mum")));
    expect(asked.statusCode, asked.body).toBe(202);
  });
});
