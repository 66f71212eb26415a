import { textRule } from "./text.ts";

/**
 * Where a student came from to sign up: the campaign keys of the link that opened the sign-up
 * page, and the site that sent them there. The server reads them from that page's request and
 * writes them into the form's hidden fields of these names (api/src/routes/join-page.ts), so
 * they go with the form, with or without a script. Free of zod: the sign-up form names them.
 */
export const sourceFields = ["utm_source", "utm_medium", "utm_campaign", "referrer"] as const;
export type SourceField = (typeof sourceFields)[number];
export type SignupSource = Partial<Record<SourceField, string>>;

/** The campaign keys a link may carry: the other `utm_` keys and any other parameter are left. */
export const campaignKeys = ["utm_source", "utm_medium", "utm_campaign"] as const;

/**
 * A value kept: letters, digits, "-", "_" and ".", at most 64, or empty for none (an empty
 * hidden field). Kept in lower case, so "WhatsApp" and "whatsapp" count as one source. Marked
 * pure so the sign-up page's script, which needs only the names, carries none of it (170 B).
 */
export const sourceRule = /* @__PURE__ */ textRule({
  maxLength: 64,
  pattern: "^[A-Za-z0-9._-]*$",
  description:
    "Where the student came from, as the sign-up page read it: at most 64 letters, digits, '-', '_' or '.'; empty for none. Kept in lower case.",
});

/** A value as it is kept, or undefined when it is none or not one the rule keeps. */
export function sourceValue(raw: unknown): string | undefined {
  if (typeof raw !== "string" || raw === "" || !sourceRule.keeps(raw)) return undefined;
  return raw.toLowerCase();
}

/**
 * The values of an object the rule keeps, and no others: a posted form's, a query's, or a copy
 * a browser held (a cookie) and may have changed.
 */
export function sourceFrom(raw: unknown): SignupSource {
  const source: SignupSource = {};
  if (typeof raw !== "object" || raw === null) return source;
  for (const name of sourceFields) {
    const value = sourceValue((raw as Record<string, unknown>)[name]);
    if (value !== undefined) source[name] = value;
  }
  return source;
}

/**
 * The domain of the site a `Referer` names, as kept: "www." dropped, so a site counts once; none
 * for our own site (`ownHost`), for anything that is not a web address, or for a domain too long.
 */
export function referringDomain(referer: string | undefined, ownHost: string): string | undefined {
  if (!referer) return undefined;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  const domain = url.hostname.toLowerCase().replace(/^www\./, "");
  if (domain === ownHost.toLowerCase().replace(/^www\./, "")) return undefined;
  return sourceValue(domain);
}

/** The campaign keys of a page's address and the site that sent the browser to it. */
export function signupSourceOf(
  query: URLSearchParams,
  referer: string | undefined,
  ownHost: string,
): SignupSource {
  // The first of a key given twice, as URLSearchParams.get reads it; never a `referrer` of the
  // query's own, which names whatever its writer likes.
  const campaign = Object.fromEntries(campaignKeys.map((key) => [key, query.get(key)]));
  return sourceFrom({ ...campaign, referrer: referringDomain(referer, ownHost) });
}

/** The API's refusal of a value the rule does not keep. */
export const sourceFormatMessage = (field: SourceField) =>
  `${field} must be at most 64 letters, digits, '-', '_' or '.' (it is written by the sign-up page)`;
