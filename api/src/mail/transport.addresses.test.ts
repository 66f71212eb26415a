import { emailProblem, normalizeEmail } from "@ysp/contract/email";
import { hostileAddresses } from "@ysp/testing/addresses";
import fc from "fast-check";
import addressparser from "nodemailer/lib/addressparser";
import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";

/**
 * The address rule (contract/email.ts) against nodemailer, which delivers our mail: whatever
 * the rule accepts, nodemailer must read as exactly that one address, with no name, group or
 * second recipient, in its parser and in the envelope it sends. An address it read otherwise
 * ("kid@x.com," and "<kid@x.com>" both reach kid@x.com) would let one mailbox pass for many.
 */
const runs = 5_000;

const lower = "abcdefghijklmnopqrstuvwxyz";
const letters = `${lower}${lower.toUpperCase()}`;
const digits = "0123456789";
const atextSymbols = "!#$%&'*+/=?^_`{|}~-";
/** What RFC 5322 and the HTML standard treat specially, and a few lookalikes and spaces. */
const troublesome = `.@"(),:;<>[]\\ \t\r\n\u0000\u00a0\u200b\u037e\u212a\uff20\u3002é`;

const from = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });

/** A domain label that starts with one of `first`: a letter for the last, which is no number. */
const label = (first: string) =>
  fc.oneof(
    from(first, 1, 1),
    fc
      .tuple(from(first, 1, 1), from(`${letters}${digits}-`, 0, 61), from(letters + digits, 1, 1))
      .map((parts) => parts.join("")),
  );

/** Addresses the rule is meant to accept, built from its grammar. */
const grammatical = fc
  .tuple(
    fc.array(from(letters + digits + atextSymbols, 1, 20), { minLength: 1, maxLength: 4 }),
    fc.array(label(letters + digits), { minLength: 1, maxLength: 3 }),
    label(letters),
  )
  .map(([atoms, labels, top]) => `${atoms.join(".")}@${[...labels, top].join(".")}`)
  .filter((email) => email.length <= 254);

/** Punycode labels, valid and not, which a URL parser checks and may change. */
const punycoded = fc.constantFrom(
  "kid@xn--bcher-kva.de",
  "kid@school.xn--p1ai",
  "kid@xn--ls8h.la",
  "kid@xn--zz.com",
);

/** Near misses: a grammatical address with troublesome characters put in, or anything at all. */
const nearMiss = fc.oneof(
  fc
    .tuple(
      fc.oneof(grammatical, fc.emailAddress()),
      fc.array(
        fc.tuple(
          fc.nat(),
          fc.oneof(from(letters + digits + atextSymbols, 1, 1), from(troublesome, 1, 3)),
        ),
        { minLength: 1, maxLength: 3 },
      ),
    )
    .map(([email, inserts]) =>
      inserts.reduce((s, [at, chars]) => {
        const i = at % (s.length + 1);
        return s.slice(0, i) + chars + s.slice(i);
      }, email),
    ),
  from(letters + digits + atextSymbols + troublesome, 1, 40),
  fc.string({ unit: "binary", maxLength: 40 }),
);

/** What nodemailer makes of an address: its parser's reading, and the envelope it would send. */
function nodemailerReading(email: string) {
  const envelope = new MailComposer({ from: "hello@ysp.example", to: email })
    .compile()
    .getEnvelope();
  return { parsed: addressparser(email), to: envelope.to };
}

function expectOneAddress(raw: string) {
  const email = normalizeEmail(raw);
  expect(nodemailerReading(email)).toEqual({ parsed: [{ name: "", address: email }], to: [email] });
}

describe("whatever the address rule accepts, nodemailer reads as that one address", () => {
  it("for addresses built from the rule's grammar, all accepted", () => {
    fc.assert(
      fc.property(fc.oneof(grammatical, fc.emailAddress(), punycoded), (raw) => {
        expect(emailProblem(raw)).toBeNull();
        expectOneAddress(raw);
      }),
      { numRuns: runs },
    );
  });

  it("for near misses and junk, whichever the rule accepts", () => {
    let accepted = 0;
    fc.assert(
      fc.property(nearMiss, (raw) => {
        if (emailProblem(raw) !== null) return;
        accepted++;
        expectOneAddress(raw);
      }),
      { numRuns: runs },
    );
    // About one in eleven stays valid (an atext character put into the local part): enough tried.
    expect(accepted).toBeGreaterThan(runs / 20);
  });

  it.each(hostileAddresses)("the rule refuses %j", (raw) => {
    expect(emailProblem(raw)).not.toBeNull();
  });
});
