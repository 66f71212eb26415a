/**
 * The addresses our students type (docs/spec.md: students in Nigeria, SS1–SS3 and exam
 * candidates), for the typo hint under an email field: "ada@gmial.com" → "ada@gmail.com".
 * Each list is written here once; /join asks the library (suggest-email.ts), the pages without
 * framework JavaScript run suggestFromLists (below) with the same lists.
 */
export const emailDomains = {
  /** Whole domains an address is most likely meant to end in. */
  domains: [
    "gmail.com",
    "googlemail.com",
    "yahoo.com",
    "yahoo.co.uk",
    "ymail.com",
    "rocketmail.com",
    "outlook.com",
    "hotmail.com",
    "hotmail.co.uk",
    "live.com",
    "msn.com",
    "icloud.com",
    "me.com",
    "aol.com",
    "mail.com",
    "protonmail.com",
    "proton.me",
    "zoho.com",
    "yandex.com",
  ],
  /**
   * The part before the first dot, for a domain not above ("yaho" in "yaho.com.ng"). Not "live":
   * two letters from it are whole university names ("ui.edu.ng" would become "live.edu.ng").
   */
  secondLevelDomains: ["gmail", "yahoo", "ymail", "hotmail", "outlook", "icloud"],
  /**
   * Endings after the first dot: Nigerian ones first, then those of the providers above. Not "co":
   * with it "gmail.co" counts as correct, and a dropped "m" is a far commoner slip among our
   * students than an address at a .co domain (which gets a harmless ".com" hint).
   */
  topLevelDomains: [
    "ng",
    "com.ng",
    "edu.ng",
    "gov.ng",
    "org.ng",
    "net.ng",
    "sch.ng",
    "name.ng",
    "mil.ng",
    "i.ng",
    "com",
    "net",
    "org",
    "edu",
    "me",
    "co.uk",
    "uk",
    "info",
    "io",
    "ac.uk",
  ],
};

export type EmailDomainLists = typeof emailDomains;

/**
 * suggestEmail for the pages without framework JavaScript (scripts/email-typo-hints.ts): the
 * library's run() is spread over eight CommonJS modules, which made that file 10.8 KB instead of
 * 2.2 KB. These are its steps, written again with nothing from outside (email-typos.test.ts
 * holds both to the same answers): the sift3
 * distance, the library's default threshold of 2 for all three lists, an exact known domain,
 * then the closest domain, else the closest first part and ending.
 */
export function suggestFromLists(typed: string, lists: EmailDomainLists): string | undefined {
  const distance = (a: string, b: string) => {
    if (a.length === 0 || b.length === 0) return a.length + b.length;
    let c = 0;
    let offsetA = 0;
    let offsetB = 0;
    let common = 0;
    while (c + offsetA < a.length && c + offsetB < b.length) {
      if (a.charAt(c + offsetA) === b.charAt(c + offsetB)) common++;
      else {
        offsetA = 0;
        offsetB = 0;
        for (let i = 0; i < 5; i++) {
          if (c + i < a.length && a.charAt(c + i) === b.charAt(c)) {
            offsetA = i;
            break;
          }
          if (c + i < b.length && a.charAt(c) === b.charAt(c + i)) {
            offsetB = i;
            break;
          }
        }
      }
      c++;
    }
    return (a.length + b.length) / 2 - common;
  };
  const closest = (name: string, names: readonly string[]) => {
    let best = "";
    let least = Number.POSITIVE_INFINITY;
    for (const candidate of names) {
      if (candidate === name) return name;
      const d = distance(name, candidate);
      if (d < least) {
        least = d;
        best = candidate;
      }
    }
    return name !== "" && least <= 2 ? best : "";
  };
  const email = typed.trim();
  const parts = email.split("@");
  const domain = (parts.pop() || "").toLowerCase();
  if (parts.length === 0 || email.split("@").indexOf("") !== -1 || !/^[a-z0-9.-]+$/.test(domain))
    return undefined;
  const dot = domain.indexOf(".");
  const first = dot < 0 ? "" : domain.slice(0, dot);
  const ending = domain.slice(dot + 1);
  if (
    lists.secondLevelDomains.indexOf(first) !== -1 &&
    lists.topLevelDomains.indexOf(ending) !== -1
  )
    return undefined;
  const local = email.slice(0, email.lastIndexOf("@"));
  const known = closest(domain, lists.domains);
  if (known) return known === domain ? undefined : `${local}@${known}`;
  const nearFirst = closest(first, lists.secondLevelDomains);
  const nearEnding = closest(ending, lists.topLevelDomains);
  let meant = domain;
  if (nearFirst && nearFirst !== first) meant = meant.replace(first, nearFirst);
  if (nearEnding && nearEnding !== ending && first !== "")
    meant = meant.slice(0, meant.length - ending.length) + nearEnding;
  return meant === domain ? undefined : `${local}@${meant}`;
}
