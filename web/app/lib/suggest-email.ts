import { run } from "@zootools/email-spell-checker";
import { emailDomains } from "./email-typos.ts";

/*
 * The library's own suggestion, for /join, which bundles it. A module apart from the lists:
 * its CommonJS modules stay in any bundle that imports them, and the pages without framework
 * JavaScript take only the lists and suggestFromLists (email-typos.ts).
 */

/** A domain as a host name has it: what is not one gets no hint (and cannot break a pattern). */
const hostName = /^[a-z0-9.-]+$/;

/**
 * The address the student probably meant, when its domain looks mistyped; else undefined. Only
 * the domain changes: the part before the @ stays as typed (the library lowercases and
 * percent-encodes it, for the HTML it was written to fill).
 */
export function suggestEmail(typed: string): string | undefined {
  const email = typed.trim();
  const at = email.lastIndexOf("@");
  if (!hostName.test(email.slice(at + 1).toLowerCase())) return undefined;
  const suggestion = run({ email, ...emailDomains });
  return suggestion && `${email.slice(0, at)}@${suggestion.domain}`;
}
