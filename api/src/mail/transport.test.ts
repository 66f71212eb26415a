import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { site } from "@ysp/content/site";
import { makeStudent } from "@ysp/testing/students";
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseOn, makeLoggingApp, pgliteForFile, post } from "../../test/harness.ts";
import { until } from "../../test/until.ts";

const suite = databaseOn(pgliteForFile());
const dir = join(mkdtempSync(join(tmpdir(), "ysp-mail-")), "mail");
let lines: Record<string, unknown>[];
let app: FastifyInstance;
beforeAll(async () => {
  ({ app, lines } = await makeLoggingApp(suite.database, {
    transport: { kind: "files", dir },
    from: { name: "YSP", address: "hello@ysp.example" },
    publicUrl: "http://localhost:3000",
  }));
}, 60_000);
afterAll(() => app.close());

describe("mail without SMTP_URL", () => {
  it("is written as an .eml file and logged on one line with its link", async () => {
    const student = makeStudent();
    expect((await post(app, "/api/v1/auth/signup/", student)).statusCode).toBe(201);
    const isMailLine = (line: Record<string, unknown>) => line.to === student.email;
    await until(() => lines.some(isMailLine), "the mail's log line");
    const line = lines.find(isMailLine) as { file: string; links: string[]; msg: string };
    expect(line.msg).toBe("mail written to a file (no SMTP_URL)");
    expect(line.links).toEqual([
      expect.stringMatching(/^http:\/\/localhost:3000\/verify-email\?token=[\w-]{43}$/),
    ]);
    const name = line.file.slice(dir.length + 1);
    expect(readdirSync(dir)).toContain(name);
    // The time, then the message's id, apart: 2026-11-27T06-50-00-000Z_<uuid>.eml
    expect(name).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z_[0-9a-f-]{36}\.eml$/);
    const mail = await simpleParser(readFileSync(line.file));
    expect(mail.subject).toBe("Confirm your email");
    expect(mail.text).toContain(line.links[0]);
    expect(mail.html).toContain("Confirm my email");
    // A reply goes to the address the footer names, not to the sender.
    expect(mail.replyTo?.value).toEqual([{ address: site.email, name: "" }]);
    expect(mail.text).toContain(`Write to ${site.email}.`);
  });
});
