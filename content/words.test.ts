import { readdirSync } from "node:fs";
import * as contract from "@ysp/contract";
import { describe, expect, it } from "vitest";
import { accountPageWords } from "./account.ts";
import { joinPage } from "./join.ts";

/**
 * Every sentence a student or parent meets, read once as they would: the site's content and the
 * messages the server says. Functions are called with a sample of each argument.
 */
const wordFiles = ["./", "legal/"].flatMap((folder) =>
  readdirSync(new URL(folder, import.meta.url))
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => new URL(folder + file, import.meta.url).href),
);
const modules = await Promise.all(
  wordFiles.map((file) => import(file) as Promise<Record<string, unknown>>),
);

function* stringsIn(value: unknown, seen = new Set<unknown>()): Generator<string> {
  if (typeof value === "string") yield value;
  else if (typeof value === "function") {
    let result: unknown;
    try {
      result = value(...Array.from({ length: value.length }, (_, i) => (i === 0 ? "Ada" : "30")));
    } catch {
      return;
    }
    yield* stringsIn(result, seen);
  } else if (value && typeof value === "object" && !seen.has(value)) {
    seen.add(value);
    for (const item of Object.values(value)) yield* stringsIn(item, seen);
  }
}

const everyString = [...stringsIn(modules), ...stringsIn(contract)];

describe("the words of the site", () => {
  it("are many: the content and the contract's messages are read", () => {
    expect(everyString.length).toBeGreaterThan(500);
  });

  it('never say a word twice in a row, as "Log in in the app" did', () => {
    const doubled = everyString.filter((text) => /\b(\w+) \1\b/i.test(text));
    expect(doubled).toEqual([]);
  });

  it('call one thing one name, as docs/voice.md lists them (the spec\'s "login" toast aside)', () => {
    const avoided = [
      /\bwe (have (sent|told)|will send)\b/i, // "we've sent", "we'll send", as docs/voice.md says them; the legal pages keep their own
      /\be-mail/i, // "email"
      /\bmost recent\b/i, // "newest", as "only the newest link works"
      /\bSign Up\b/, // "Sign up"
      /\b(to|and|then|please) login\b|\blogin (to|in)\b/i, // the verb is "log in"; "login" is the noun
    ];
    const found = everyString.filter(
      (text) => text !== contract.signupFollowUp && avoided.some((word) => word.test(text)),
    );
    expect(found).toEqual([]);
  });
});

/**
 * What shows under one field, and in the toast that names it: one short sentence without a full
 * stop, as the five of docs/spec.md §5 are ("Please enter your first name"), so a field's
 * messages never differ by a dot. Every other sentence ends with one.
 */
describe("a field's words", () => {
  const label = "First name";
  const fieldWords = [
    ...Object.values(contract.signupMessages),
    ...Object.values(contract.emailMessages),
    ...Object.values(contract.nameMessages).map((message) => message(label)),
    contract.apiMessages.passwordShort,
    contract.apiMessages.passwordLong,
    contract.apiMessages.referralFormat,
    contract.apiMessages.notString(label),
    contract.authMessages.badCredentials,
    contract.sessionMessages.wrongPassword,
    contract.emailChangeMessages.sameAddress,
    contract.dataRightsMessages.guardianEmailOwn,
    contract.dataRightsMessages.guardianNameRequired,
    contract.dataRightsMessages.guardianRelationshipRequired,
    contract.dataRightsMessages.deleteConfirm,
    joinPage.passwordHint,
    joinPage.invite.hint,
    joinPage.invite.unknown,
    accountPageWords.resetPassword.hint,
  ];

  it("are one sentence with no full stop at its end", () => {
    const stopped = fieldWords.filter((text) => /[.]\s*$|[.!?] [A-Z]/.test(text));
    expect(stopped).toEqual([]);
  });
});
