import { hostileAddresses } from "@ysp/testing/addresses";
import fc from "fast-check";

// Letters and marks that look like others, or become them once lower-cased or composed.
const lookalikes: Record<string, string[]> = {
  a: ["\u0430", "\uff41"],
  c: ["\u0441", "\u217d"],
  e: ["\u0435"],
  i: ["\u0456", "\u0131"],
  k: ["\u212a", "\u03ba"],
  o: ["\u03bf", "\u043e", "\u0585"],
  "@": ["\uff20", "\ufe6b"],
  ".": ["\u3002", "\uff0e", "\u2024"],
  ";": ["\u037e"],
};

/**
 * Strings shaped like one email address that are not one (contract/email.ts refuses each): a
 * list, a display name, a comment, quotes, a route, or a letter that only looks like one.
 */
export const hostileAddress: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...hostileAddresses),
  fc
    .tuple(
      fc.emailAddress(),
      fc.emailAddress(),
      fc.constantFrom(
        (a: string, b: string) => `${a},${b}`,
        (a: string) => `${a},`,
        (a: string, b: string) => `${a};${b}`,
        (a: string) => `<${a}>`,
        (a: string) => `Kid <${a}>`,
        (a: string) => `${a} (${a})`,
        (a: string) => `${a}(c)`,
        (a: string) => `"${a.replace("@", '"@')}`,
        (a: string) => `${a.replace("@", "\\@")}`,
        (a: string) => `${a.replace("@", "@[")}]`,
        (a: string, b: string) => `${a}\r\nBcc: ${b}`,
        (a: string, b: string) => `group:${a},${b};`,
      ),
    )
    .map(([a, b, shape]) => shape(a, b)),
  fc.tuple(fc.emailAddress(), fc.nat(), fc.nat()).map(([address, at, pick]) => {
    const places = [...address].flatMap((char, i) => (lookalikes[char] ? [i] : []));
    const i = places.length > 0 ? (places[at % places.length] as number) : -1;
    const swaps = i < 0 ? ["\u0430"] : (lookalikes[address[i] as string] as string[]);
    const swap = swaps[pick % swaps.length] as string;
    return i < 0 ? `${swap}${address}` : address.slice(0, i) + swap + address.slice(i + 1);
  }),
);

/** Strings that break naive code: control characters, odd Unicode, injections, prototype keys. */
export const nastyString = fc.oneof(
  hostileAddress,
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ minLength: 200, maxLength: 20_000, unit: "binary-ascii" }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b@example.com",
    "\u0007\u001b[31m",
    "\r\n\t",
    "\u202eevil",
    "\ufeff",
    "\ud800",
    "\udfff\ud800",
    "𝕐𝕊ℙ 🎓",
    "Ọlábísí Ìbàdàn",
    "عبد الله",
    "'; DROP TABLE users; --",
    "' OR '1'='1",
    "\\x00\\",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "javascript:alert(1)",
    "__proto__",
    "constructor",
    "prototype",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, kept literal
    "${7*7}{{7*7}}",
    "%00%0d%0a",
    "a".repeat(255),
    `${"a".repeat(250)}@example.com`,
  ),
);

const nastyKey = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty", ""),
  nastyString.filter((s) => s.length < 40),
);

/** Any JSON-shaped value: every type, arrays for objects, nested a little. */
export const anyJsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(nastyKey, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** A body near a valid one: fields dropped, replaced by anything, and hostile keys added. */
export function mutated(valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.array(
        fc.oneof(
          fc.record({ kind: fc.constant("drop" as const), index: fc.nat() }),
          fc.record({
            kind: fc.constant("replace" as const),
            index: fc.nat(),
            value: anyJsonValue,
          }),
          fc.record({ kind: fc.constant("add" as const), key: nastyKey, value: anyJsonValue }),
        ),
        { minLength: 1, maxLength: 3 },
      ),
    )
    .map(([body, changes]) => {
      const result: Record<string, unknown> = { ...body };
      for (const change of changes) {
        const keys = Object.keys(result);
        if (change.kind === "add") {
          Object.defineProperty(result, change.key, {
            value: change.value,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        } else if (keys.length > 0) {
          const key = keys[change.index % keys.length] as string;
          if (change.kind === "drop") delete result[key];
          else result[key] = change.value;
        }
      }
      return result;
    });
}

export type RawBody = { payload: string; contentType: string };

/** Bodies that are not what the endpoint reads at all. */
export const rawBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.record({ payload: fc.string(), contentType: fc.constant("application/json") }),
  fc.record({
    payload: anyJsonValue.map((v) => JSON.stringify(v) ?? "null"),
    contentType: fc.constant("application/json"),
  }),
  fc.record({
    payload: fc
      .integer({ min: 1, max: 8_000 })
      .map((depth) => "[".repeat(depth) + "]".repeat(depth)),
    contentType: fc.constant("application/json"),
  }),
  fc.record({
    payload: fc
      .integer({ min: 1, max: 2_000 })
      .map((depth) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
    contentType: fc.constant("application/json"),
  }),
  fc.record({
    payload: fc.constantFrom(
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"email":"a@b.ng","__proto__":{"polluted":true}}',
      "{",
      "",
      "null",
      '"string"',
      "[]",
      "1e999999",
      '{"email":"\\ud800@example.com"}',
    ),
    contentType: fc.constant("application/json"),
  }),
  fc.record({
    payload: fc.string(),
    contentType: fc.constantFrom(
      "text/plain",
      "application/xml",
      "multipart/form-data; boundary=x",
      "application/json; charset=utf-16",
      "application/x-www-form-urlencoded",
      "",
    ),
  }),
);

/** A sign-up of the right shape, whose names fast-check's strings are rarely. */
export const validSignup = fc.record({
  email: fc.emailAddress(),
  password: fc.string({ minLength: 8, maxLength: 40 }),
  first_name: fc.string({ minLength: 1, maxLength: 20 }),
  last_name: fc.string({ minLength: 1, maxLength: 20 }),
  user_type: fc.constant("STUDENT"),
  referral_code: fc.constant(""),
});

/** Tokens of every kind a link carries, good-looking ones among the hostile. */
export const linkTokenLike = fc.oneof(
  nastyString,
  fc.constant("a".repeat(43)),
  fc.uuid().map((id) => `${id}.${"b".repeat(43)}`),
);

/** Names as people type them: any script, marks composed or not, spaces around. */
const goodName = fc.constantFrom(
  "Ada",
  "Ọláolúwa",
  "Adébáyọ̀".normalize("NFD"),
  "  N’Dri  ",
  "\tNneka-Chi\n",
  "St. John",
  "عبد الله",
  "a".repeat(50),
);

/** Names as people type them, and as they are built to fool a check. */
const nameLike = fc.oneof(
  nastyString,
  goodName,
  fc.constantFrom(
    "www.pay.example",
    "Www.Pay",
    "Ada\u00a0Obi",
    "\u00a0Ada\u2003",
    ` ${"a".repeat(50)}`,
    "1234",
    "-",
  ),
);

/** Passwords around the limits, counted in code points and in UTF-16 units. */
const passwordLike = fc.oneof(
  nastyString,
  fc.string({ minLength: 6, maxLength: 10 }),
  fc.string({ minLength: 126, maxLength: 130, unit: "grapheme-composite" }),
  fc.constantFrom("e\u0301".repeat(4), "🎓".repeat(7), "🎓".repeat(8), "x".repeat(128)),
);

const addressLike = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((email) => ` ${email}\t`),
  hostileAddress,
  nastyString,
);

/**
 * The JSON bodies near a valid one of each operation with a body, by operationId: the fuzz
 * suites mutate them (server.hostile-bodies.test.ts), and the document's validator is held to
 * the server's verdict on them (openapi/document.agrees.test.ts).
 */
/** A base64url part of a JWT, and now and then one with a character base64url has not. */
const base64urlPart = fc.oneof(
  { arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/), weight: 9 },
  { arbitrary: fc.stringMatching(/^[A-Za-z0-9_=+/.-]{1,40}$/), weight: 1 },
);

export const nearValidBodies: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  signUp: fc.oneof(
    fc.record({
      email: fc.emailAddress(),
      password: passwordLike,
      first_name: goodName,
      last_name: goodName,
      user_type: fc.constant("STUDENT"),
    }),
    fc.record({
      email: addressLike,
      password: passwordLike,
      first_name: nameLike,
      last_name: nameLike,
      user_type: fc.constantFrom("STUDENT", "STUDENT", "TEACHER"),
      referral_code: fc.oneof(fc.constantFrom("", null, " p3rz8w "), nastyString),
    }),
  ),
  logIn: fc.record({ email: addressLike, password: passwordLike }),
  refreshSession: fc.record({ refresh: nastyString }),
  logInWithGoogle: fc.record(
    {
      id_token: fc.oneof(
        fc.tuple(base64urlPart, base64urlPart, base64urlPart).map((parts) => parts.join(".")),
        nastyString,
      ),
      accept_terms: fc.oneof(
        { arbitrary: fc.boolean(), weight: 9 },
        { arbitrary: fc.constant("true"), weight: 1 },
      ),
      referral_code: fc.oneof(fc.constant(null), fc.stringMatching(/^[A-Z0-9]{6}$/), nastyString),
    },
    { requiredKeys: ["id_token"] },
  ),
  refreshSessionAtSite: fc.record({ refresh: nastyString }),
  logOut: fc.record({ refresh: nastyString }),
  changePassword: fc.record({ current_password: passwordLike, new_password: passwordLike }),
  requestEmailChange: fc.record(
    { password: passwordLike, new_email: addressLike, email: addressLike },
    { requiredKeys: ["password", "new_email"] },
  ),
  correctSignupEmail: fc.record({ password: passwordLike, new_email: addressLike }),
  resendEmailVerification: fc.record({ email: addressLike }),
  requestPasswordReset: fc.record({ email: addressLike }),
  requestYourDataLink: fc.record({ email: addressLike }),
  subscribeToNewsletter: fc.record(
    { email: addressLike, source: fc.oneof(nastyString, fc.constant(null)) },
    { requiredKeys: ["email"] },
  ),
  verifyEmail: fc.record({ token: linkTokenLike }),
  confirmPasswordReset: fc.record({ token: linkTokenLike, password: passwordLike }),
  confirmEmailChange: fc.record({ token: linkTokenLike }),
  undoEmailChange: fc.record({ token: linkTokenLike }),
  openYourData: fc.record({ token: linkTokenLike }),
  confirmNewsletter: fc.record({ token: linkTokenLike }),
  unsubscribeFromNewsletter: fc.record({ token: linkTokenLike }),
  correctName: fc.record({ first_name: nameLike, last_name: nameLike }),
  askGuardian: fc.record({ guardian_email: addressLike }),
  deleteAccount: fc.record({
    confirm: fc.oneof(nastyString, fc.constantFrom(" delete ", "DELETE", "Delete\n", "DELETE!")),
  }),
  stopMarketing: fc.record({}),
  removeGoogleSignIn: fc.record({}),
  answerGuardianRequest: fc.record(
    {
      token: linkTokenLike,
      decision: fc.constantFrom("grant", "refuse", "maybe"),
      guardian_name: nameLike,
      relationship: fc.constantFrom("Mother", "Aunt", "", "Other relative"),
    },
    { requiredKeys: ["token", "decision"] },
  ),
};
