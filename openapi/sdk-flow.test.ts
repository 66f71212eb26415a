import { makeStudent } from "@ysp/testing/students";
import { beforeAll, describe, expect, it } from "vitest";
import { appWithMailOn, pgliteForFile } from "../api/test/harness.ts";
import { type MailedLink, studentFlow } from "./sdk-flow.ts";

/**
 * The generated client's flow (sdk-flow.ts) against the real server on a real port, its mail
 * arriving at a real SMTP server: what compiles against the document must also work.
 */

const suite = appWithMailOn(pgliteForFile());
let baseUrl: string;
beforeAll(async () => {
  baseUrl = await suite.app.listen({ port: 0, host: "127.0.0.1" });
});

const mailedLink: MailedLink = async (address, page) => {
  const leadsThere = (link: string) => new URL(link).pathname === page;
  const mail = await suite.smtp.waitFor(
    (m) => m.to.includes(address.toLowerCase()) && m.links.some(leadsThere),
  );
  return new URL(mail.links.find(leadsThere) ?? "").searchParams.get("token") ?? "";
};

describe("the generated client's flow", () => {
  it("signs up, logs in, changes the password and address, and logs out everywhere", async () => {
    const { email, password, first_name, last_name } = makeStudent();
    const steps = await studentFlow(
      baseUrl,
      { email, password, first_name, last_name },
      mailedLink,
    );
    expect(steps).toEqual([
      "signed up",
      "address confirmed",
      "wrong password refused: authentication_failed",
      `logged in as ${first_name}, address confirmed: true`,
      "1 session, 1 current",
      "wrong current password refused: wrong_password",
      "password changed",
      "same address refused: same_email",
      "address changed",
      "old session refused: not_authenticated",
      "logged in again",
      "logged out everywhere: not_authenticated",
    ]);
  });
});
