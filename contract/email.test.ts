import { addressListShapes, lookalikeAddresses } from "@ysp/testing/addresses";
import { describe, expect, it } from "vitest";
import {
  canonicalMailbox,
  emailMessages,
  emailPattern,
  emailProblem,
  loginEmailProblem,
  maskEmail,
  normalizeEmail,
} from "./email.ts";

describe("the email rule", () => {
  it.each([
    "adaeze@example.com",
    "  Adaeze.Okafor@Example.COM.ng ",
    "o'brien+{school}@mail.example.ng",
    "!#$%&'*+/=?^_`{|}~-@x.ng",
    "a@b-c.d-e.ng",
    "1@2.x3",
    `a@${"b".repeat(63)}.ng`,
  ])("accepts %j", (email) => {
    expect(emailProblem(email)).toBeNull();
  });

  it.each([
    "not-an-email",
    "a@b",
    "a b@example.com",
    "a@exa mple.com",
    "z\u200bw@example.com",
    "z\u200cw@example.com",
    "z\u200dw@example.com",
    "z\u2060w@example.com",
    "z\ufeffw@example.com",
    "zw@exam\u00adple.com",
    "z\u0000w@example.com",
    "a@b.com.",
    "a@gmail..com",
    "a@.example.com",
    "a..b@example.com",
    ".a@example.com",
    "a.@example.com",
    "a@-x.ng",
    "a@x-.ng",
    "a@x_y.ng",
    `a@${"b".repeat(64)}.ng`,
    "a@b.1com",
  ])("refuses %j as not an address", (email) => {
    expect(emailProblem(email)).toBe(emailMessages.invalid);
  });

  it.each(addressListShapes)("refuses %j, which is not one bare address", (email) => {
    expect(emailProblem(email)).toBe(emailMessages.invalid);
  });

  it.each(lookalikeAddresses)("refuses %j, which is not ASCII", (email) => {
    expect(emailProblem(email)).toBe(emailMessages.invalid);
  });

  it.each(["", "   ", "\t", " \ufeff "])("asks for an email when given %j", (email) => {
    expect(emailProblem(email)).toBe(emailMessages.required);
  });

  it("accepts 254 characters and no more", () => {
    const at254 = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`;
    expect(at254).toHaveLength(254);
    expect(emailProblem(at254)).toBeNull();
    expect(emailProblem(`a${at254}`)).toBe(emailMessages.tooLong);
  });

  it("counts the spaces around an address, as JSON Schema's maxLength does", () => {
    const at254 = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`;
    expect(emailProblem(` ${at254}`)).toBe(emailMessages.tooLong);
  });

  it("is the footer's pattern too, which checks the trimmed address", () => {
    const footer = new RegExp(emailPattern);
    for (const email of ["adaeze@example.com", "a@b", "a..b@example.com", ...addressListShapes])
      expect(footer.test(email), email).toBe(emailProblem(email) === null);
  });

  it("trims, lower-cases and composes the address", () => {
    expect(normalizeEmail(" Jose\u0301@Example.com ")).toBe("jos\u00e9@example.com");
  });
});

describe("the login's email check", () => {
  it.each(["jos\u00e9@example.com", "jose\u0301@example.com", "kid@x.com,", "a..b@example.com"])(
    "lets %j be looked up: an account may hold it from before the rule",
    (email) => {
      expect(loginEmailProblem(email)).toBeNull();
    },
  );

  it("asks for a missing one and limits the length, as the rule does", () => {
    expect(loginEmailProblem("  ")).toBe(emailMessages.required);
    expect(loginEmailProblem(`${"a".repeat(249)}@x.ng`)).toBeNull();
    expect(loginEmailProblem(`${"a".repeat(250)}@x.ng`)).toBe(emailMessages.tooLong);
  });

  it("refuses a NUL, which no stored address can hold", () => {
    expect(loginEmailProblem("a\u0000b@example.com")).toBe(emailMessages.invalid);
  });
});

describe("one mailbox however it is spelled", () => {
  it.each([
    ["kid+mum@x.com", "kid@x.com"],
    ["Kid+Mum+Dad@X.com", "kid@x.com"],
    ["kid+@x.com", "kid@x.com"],
    ["k.i.d@x.com", "k.i.d@x.com"],
    ["k.i.d@gmail.com", "kid@gmail.com"],
    ["K.i.d+school@GoogleMail.com", "kid@gmail.com"],
    ["kid@googlemail.com", "kid@gmail.com"],
    ["kid@gmail.com.ng", "kid@gmail.com.ng"],
    ["no-at-sign", "no-at-sign"],
    ["@googlemail.com", "@gmail.com"],
  ])("reads %j as %j", (email, mailbox) => {
    expect(canonicalMailbox(email)).toBe(mailbox);
  });

  // Every domain a provider delivers to one mailbox, beside the one it is read as.
  it.each([
    ["googlemail.com", "gmail.com"],
    ["me.com", "icloud.com"],
    ["mac.com", "icloud.com"],
    ["protonmail.com", "proton.me"],
    ["protonmail.ch", "proton.me"],
    ["pm.me", "proton.me"],
    ["yandex.com", "yandex.ru"],
    ["ya.ru", "yandex.ru"],
    ["yandex.by", "yandex.ru"],
    ["yandex.kz", "yandex.ru"],
    ["yandex.ua", "yandex.ru"],
    ["narod.ru", "yandex.ru"],
  ])("reads kid@%s as kid@%s, tagged or not", (alias, domain) => {
    expect(canonicalMailbox(`kid@${domain}`)).toBe(`kid@${domain}`);
    expect(canonicalMailbox(`kid@${alias}`)).toBe(`kid@${domain}`);
    expect(canonicalMailbox(`Kid+Mum@${alias.toUpperCase()}`)).toBe(`kid@${domain}`);
    expect(canonicalMailbox(`kid+mum@${domain}`)).toBe(`kid@${domain}`);
  });

  it.each([
    ["k.i.d@pm.me", "kid@proton.me"],
    ["k_i-d.x+mum@protonmail.com", "kidx@proton.me"],
    ["mum@kid.fastmail.com", "kid@fastmail.com"],
    ["Mum+Dad@Kid.FastMail.com", "kid@fastmail.com"],
    ["kid+mum@fastmail.com", "kid@fastmail.com"],
    ["mum@kid.fastmail.fm", "kid@fastmail.fm"],
    ["mum@k.fastmail.com", "k@fastmail.com"],
  ])("reads %j, as its provider does, as %j", (email, mailbox) => {
    expect(canonicalMailbox(email)).toBe(mailbox);
  });

  it("tells different mailboxes apart", () => {
    expect(canonicalMailbox("kid@x.com")).not.toBe(canonicalMailbox("kid@y.com"));
    expect(canonicalMailbox("kid.a@x.com")).not.toBe(canonicalMailbox("kida@x.com"));
    // Dots count where the provider does not ignore them.
    expect(canonicalMailbox("k.id@icloud.com")).not.toBe(canonicalMailbox("kid@icloud.com"));
    expect(canonicalMailbox("k.id@yandex.ru")).not.toBe(canonicalMailbox("kid@yandex.ru"));
    // Each Fastmail domain names its own accounts, and only Fastmail reads a subdomain as one.
    expect(canonicalMailbox("kid@fastmail.com")).not.toBe(canonicalMailbox("kid@fastmail.fm"));
    expect(canonicalMailbox("mum@kid.gmail.com")).toBe("mum@kid.gmail.com");
    expect(canonicalMailbox("mum@a.kid.fastmail.com")).toBe("mum@a.kid.fastmail.com");
    // An empty label before the domain names no mailbox.
    expect(canonicalMailbox("mum@.fastmail.com")).toBe("mum@.fastmail.com");
  });
});

describe("an address masked for the screen", () => {
  it("keeps the first character and the domain", () => {
    expect(maskEmail("ada@example.ng")).toBe("a•••@example.ng");
    expect(maskEmail("a@example.ng")).toBe("a•••@example.ng");
    // A character outside the BMP is one character, not half of one.
    expect(maskEmail("𐐀bc@example.ng")).toBe("𐐀•••@example.ng");
  });

  it("shows nothing of what is not an address", () => {
    expect(maskEmail("@example.ng")).toBe("•••");
    expect(maskEmail("no-at-sign")).toBe("•••");
  });
});
