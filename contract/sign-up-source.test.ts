import { describe, expect, it } from "vitest";
import { referringDomain, signupSourceOf, sourceValue } from "./sign-up-source.ts";

const ownHost = "ysp.ng";
const query = (search: string) => new URLSearchParams(search);

describe("where a sign-up came from", () => {
  it("takes the three campaign keys, in lower case, and nothing else of the address", () => {
    expect(
      signupSourceOf(
        query(
          "utm_source=WhatsApp&utm_medium=Social&utm_campaign=waec-2027&utm_content=x&utm_term=y&ref=z",
        ),
        undefined,
        ownHost,
      ),
    ).toEqual({ utm_source: "whatsapp", utm_medium: "social", utm_campaign: "waec-2027" });
    // The first of a key given twice; the site only from the Referer, never from the address.
    expect(
      signupSourceOf(query("utm_source=a&utm_source=b&referrer=evil.example"), undefined, ownHost),
    ).toEqual({ utm_source: "a" });
  });

  it("keeps letters, digits, '-', '_' and '.', at most 64, and drops any other value whole", () => {
    expect(sourceValue("a".repeat(64))).toBe("a".repeat(64));
    expect(sourceValue("a".repeat(65))).toBeUndefined();
    expect(sourceValue("jamb_2027.v2")).toBe("jamb_2027.v2");
    for (const hostile of ['"><script>', "wa tsapp", "whatsapp\n", "ọ̀yọ́", "a/b", "=cmd()"])
      expect(sourceValue(hostile), hostile).toBeUndefined();
    expect(sourceValue("")).toBeUndefined();
    expect(sourceValue(undefined)).toBeUndefined();
    expect(sourceValue(["whatsapp"])).toBeUndefined();
    expect(
      signupSourceOf(query("utm_source=%3Cb%3E&utm_campaign=waec"), undefined, ownHost),
    ).toEqual({ utm_campaign: "waec" });
  });

  it("names the site of a Referer by its domain, without www., and never our own", () => {
    expect(referringDomain("https://www.Google.com/search?q=waec", ownHost)).toBe("google.com");
    expect(referringDomain("http://l.facebook.com/", ownHost)).toBe("l.facebook.com");
    expect(referringDomain("https://ysp.ng/faqs", ownHost)).toBeUndefined();
    expect(referringDomain("https://www.ysp.ng/", ownHost)).toBeUndefined();
    // A domain in another script, as the URL parser writes it: punycode, which the rule keeps.
    expect(referringDomain("https://éducation.example/", ownHost)).toBe("xn--ducation-90a.example");
  });

  it("names no site for what is not a web address, or too long a domain", () => {
    for (const referer of [
      undefined,
      "",
      "not a url",
      "android-app://com.whatsapp/",
      "javascript:alert(1)",
      "https://[::1]/",
      `https://${"a".repeat(60)}.example/`,
    ])
      expect(referringDomain(referer, ownHost), String(referer)).toBeUndefined();
  });

  it("adds the Referer's site to the campaign keys", () => {
    expect(signupSourceOf(query("utm_source=tiktok"), "https://www.tiktok.com/", ownHost)).toEqual({
      utm_source: "tiktok",
      referrer: "tiktok.com",
    });
    expect(signupSourceOf(query(""), undefined, ownHost)).toEqual({});
  });
});
