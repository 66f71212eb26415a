import { betweenSpaces, composed, textRule } from "./text.ts";

/**
 * The one email rule, used by the API's schemas and by the newsletter and sign-up forms (the
 * account pages' fields are `type=email`, which checks the same grammar, less what is stricter
 * below). Free of zod: the newsletter form is on every page, and a page must not download a
 * validation library for one field.
 */
export const emailMessages = {
  /** docs/spec.md §5, word for word. */
  required: "Please enter your email",
  invalid: "Please enter a valid email address",
  tooLong: "Email must be at most 254 characters",
} as const;

/** RFC 5321 §4.5.3.1.3: a path holds at most 256 octets, 254 of them the address. */
export const emailMaxCharacters = 254;

// RFC 5322's atext: what an unquoted local part may hold. No quotes, brackets, backslashes,
// commas, semicolons, angle brackets or parentheses, so no address list, display name or
// comment can hide in one: nodemailer reads what we accept as that one address (the property
// test in api/src/mail/transport.addresses.test.ts).
const atom = "[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+";
// RFC 1035 §2.3.4: a label of letters, digits and inner hyphens, at most 63 characters.
const label = "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";
// The last label starts with a letter: no top-level domain is numeric (RFC 3696 §2), and a
// domain that ends in a number ("2.7", "1.0x7f") is an IPv4 address to the URL standard's
// host parser, which nodemailer uses: it sent a@2.7 to a@2.0.0.7.
const topLabel = "[a-zA-Z](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?";

/**
 * The HTML standard's "valid email address", which `<input type=email>` enforces, so the
 * pages' forms and the API agree, with three stricter parts for mail that can be delivered:
 * the domain has a dot (a bare "a@b" names no domain on the internet), its last label is no
 * number (above), and no part of the local part between dots is empty (".a@x.ng",
 * "a..b@x.ng" and "a.@x.ng" break RFC 5321's dot-string, and mail servers refuse them).
 * ASCII only, as the standard is: it is checked before lower-casing, as a browser checks it,
 * so a character such as the Kelvin sign cannot turn into the letter k after it. As a
 * pattern's text too, for the footer's check, an inline script that can import nothing.
 */
const address = `${atom}(?:\\.${atom})*@(?:${label}\\.)+${topLabel}`;
export const emailPattern = `^${address}$`;

/**
 * An address as the API takes it: at most 254 characters as sent, and the address, with any
 * spaces around it that trimming removes (none can be inside it).
 * Pure, its pattern too, so a page script that imports this file for something else leaves
 * it out (esbuild keeps a call whose argument is a template literal).
 */
export const emailRule = /* @__PURE__ */ textRule({
  maxLength: emailMaxCharacters,
  description:
    "An email address as the HTML standard defines it (what `<input type=email>` takes), with a dot in its domain, a last label that is not a number, and no empty part between dots. Spaces around it are trimmed, and it is kept in lower case.",
  pattern: /* @__PURE__ */ betweenSpaces(address),
});

/** The address as the API keeps it: trimmed, lower-case, composed. */
export const normalizeEmail = (raw: string) => composed(raw.trim().toLowerCase());

/**
 * What is wrong with an address, as a sentence for the student, or null when the API accepts
 * it. Every address the API stores or mails passes it; what it keeps is normalizeEmail's.
 */
export function emailProblem(raw: string): string | null {
  if (raw.trim() === "") return emailMessages.required;
  if (emailRule.tooLong(raw)) return emailMessages.tooLong;
  if (!emailRule.matches(raw)) return emailMessages.invalid;
  return null;
}

/**
 * Login's address as sent: at most 254 characters, something besides spaces, and no NUL.
 * Pure, so a page script that imports this file for something else leaves it out.
 */
export const loginEmailRule = /* @__PURE__ */ textRule({
  maxLength: emailMaxCharacters,
  description: "The address the account logs in with, in any case. Spaces around it are trimmed.",
  pattern: "^\\s*[^\\s\\u0000][^\\u0000]*$",
});

/**
 * What is wrong with an address given to log in with: only that it is missing, too long, or
 * holds a NUL, which no PostgreSQL text can hold (so no account has one, and looking one up
 * fails the query). Accounts made before emailRule may hold an address it refuses
 * (migration 0007 counts them), and they still log in; a login mails nobody.
 */
export function loginEmailProblem(raw: string): string | null {
  if (raw.trim() === "") return emailMessages.required;
  if (loginEmailRule.tooLong(raw)) return emailMessages.tooLong;
  if (!loginEmailRule.matches(raw)) return emailMessages.invalid;
  return null;
}

/**
 * Mail providers whose one mailbox has several spellings, and what each provider does to them:
 * the one table canonicalMailbox reads. `domains[0]` is the one the mailbox is named at.
 * Each provider keeps one name for its account at every domain it lists, so `kid@me.com` is
 * either the owner of `kid@icloud.com` or nobody.
 */
type MailProvider = {
  domains: readonly string[];
  /** Characters of the local part the provider ignores: `k.i.d` is `kid`. */
  ignores?: string;
  /** Whether `anything@name.domain` reaches `name@domain` (subdomain addressing). */
  subdomainAddressing?: true;
};

const mailProviders: readonly MailProvider[] = [
  // Gmail ignores dots, and googlemail.com is the same service.
  { domains: ["gmail.com", "googlemail.com"], ignores: "." },
  // Apple's "About your @icloud.com, @me.com and @mac.com email addresses": one account's
  // addresses at all three.
  { domains: ["icloud.com", "me.com", "mac.com"] },
  // Proton's "How to change your username": ".", "_" and "-" are transparent, and the name is
  // the account's at each of its domains.
  { domains: ["proton.me", "protonmail.com", "protonmail.ch", "pm.me"], ignores: "._-" },
  // Yandex Mail's help, "Mailbox aliases": every mailbox has an address at each of these.
  {
    domains: [
      "yandex.ru",
      "yandex.com",
      "ya.ru",
      "yandex.by",
      "yandex.kz",
      "yandex.ua",
      "narod.ru",
    ],
  },
  // Fastmail's "Plus addressing and subdomain addressing". Each Fastmail domain is a namespace
  // of its own: kid@fastmail.com and kid@fastmail.fm may be two people.
  { domains: ["fastmail.com"], subdomainAddressing: true },
  { domains: ["fastmail.fm"], subdomainAddressing: true },
];

/**
 * Each domain of the table, to its provider. Marked pure, so a page's script that takes only
 * maskEmail or normalizeEmail from here leaves the table out (425 bytes of home's script).
 */
const providerOf = /* @__PURE__ */ (() =>
  new Map(
    mailProviders.flatMap((provider) => provider.domains.map((domain) => [domain, provider])),
  ))();

/**
 * The mailbox a subdomain address names, `mum@kid.fastmail.com` as `kid` at `fastmail.com`;
 * undefined for any other address.
 */
function subdomainAddressed(domain: string): { local: string; domain: string } | undefined {
  const dot = domain.indexOf(".");
  const parent = domain.slice(dot + 1);
  if (dot < 1 || !providerOf.get(parent)?.subdomainAddressing) return undefined;
  return { local: domain.slice(0, dot), domain: parent };
}

/**
 * One mailbox however it is spelled, to tell whether two addresses reach the same person:
 * lower-case, the "+tag" dropped (sub-addressing, which Gmail, Outlook, Yahoo, iCloud, Proton
 * and Fastmail deliver to the untagged mailbox), and at a provider of the table above, the
 * domain read as its first and the characters it ignores dropped. For comparing only: mail goes
 * to the address as given.
 */
export function canonicalMailbox(email: string): string {
  const normal = normalizeEmail(email);
  const at = normal.lastIndexOf("@");
  if (at < 0) return normal;
  let local = normal.slice(0, at).split("+", 1)[0] ?? "";
  let domain = normal.slice(at + 1);
  const subdomain = subdomainAddressed(domain);
  if (subdomain) ({ local, domain } = subdomain);
  const provider = providerOf.get(domain);
  if (provider) {
    for (const ignored of provider.ignores ?? "") local = local.replaceAll(ignored, "");
    domain = provider.domains[0] ?? domain;
  }
  return `${local}@${domain}`;
}

/**
 * An address as a page may show it to whoever holds the screen: "a•••@example.ng". Enough for
 * its owner to see which of their addresses it is, not enough for a passer-by to write to it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${[...email.slice(0, at)][0]}•••${email.slice(at)}`;
}
