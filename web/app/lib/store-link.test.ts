import { site } from "@ysp/content/site";
import { describe, expect, it } from "vitest";
import { isAppleDevice, storeUrlFor } from "./store-link.ts";

const userAgents = {
  iPhone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  iPadOld:
    "Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1",
  iPadOSAsMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  macChrome:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  iPhoneChrome:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
  tecnoAndroid:
    "Mozilla/5.0 (Linux; Android 13; TECNO KI5q) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.165 Mobile Safari/537.36",
  samsungBrowser:
    "Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  operaMini:
    "Opera/9.80 (J2ME/MIDP; Opera Mini/5.1.21214/28.2725; U; en) Presto/2.8.119 Version/11.10",
  windowsEdge:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
  linuxFirefox: "Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0",
} as const;

describe("store link by device", () => {
  it.each(["iPhone", "iPadOld", "iPadOSAsMac", "macChrome", "iPhoneChrome"] as const)(
    "sends %s to the App Store",
    (name) => {
      expect(isAppleDevice({ userAgent: userAgents[name] })).toBe(true);
      expect(storeUrlFor({ userAgent: userAgents[name] })).toBe(site.stores.appStore);
    },
  );

  it.each(["tecnoAndroid", "samsungBrowser", "operaMini", "windowsEdge", "linuxFirefox"] as const)(
    "sends %s to Google Play",
    (name) => {
      expect(isAppleDevice({ userAgent: userAgents[name] })).toBe(false);
      expect(storeUrlFor({ userAgent: userAgents[name] })).toBe(site.stores.googlePlay);
    },
  );

  it("trusts client hints where the browser gives them", () => {
    expect(isAppleDevice({ userAgent: userAgents.windowsEdge, platform: "macOS" })).toBe(true);
    expect(isAppleDevice({ userAgent: userAgents.tecnoAndroid, platform: "Android" })).toBe(false);
  });

  it("gives Google Play when nothing is known, as the prerendered HTML does", () => {
    expect(storeUrlFor(null)).toBe(site.stores.googlePlay);
  });
});
