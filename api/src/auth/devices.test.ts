import { describe, expect, it } from "vitest";
import { deviceName } from "./devices.ts";

/** User-Agents as our students' phones and browsers send them. */
const agents = {
  tecnoWebView:
    "Mozilla/5.0 (Linux; Android 12; TECNO KG5 Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/120.0.6099.144 Mobile Safari/537.36",
  infinixChrome:
    "Mozilla/5.0 (Linux; Android 11; Infinix X6812B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  windowsChrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
  reducedAndroid:
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
};

describe("a device's name from its User-Agent", () => {
  it.each([
    [agents.tecnoWebView, "Android 12 · TECNO KG5"],
    [agents.infinixChrome, "Android 11 · Infinix X6812B"],
    [agents.iphone, "iPhone"],
    [agents.windowsChrome, "Chrome on Windows"],
    // Chrome's reduced User-Agent hides the model behind a "K".
    [agents.reducedAndroid, "Chrome on Android"],
  ])("names %s as %s", (agent, name) => {
    expect(deviceName(agent)).toBe(name);
  });

  it("names nothing it does not know, and nothing for no User-Agent", () => {
    expect(deviceName("okhttp/4.12.0")).toBeNull();
    expect(deviceName("")).toBeNull();
    expect(deviceName(null)).toBeNull();
  });

  it("gives the same name again from what it has seen, and keeps a bounded number", () => {
    for (let i = 0; i < 1500; i++) deviceName(`client-${i}/1.0`);
    expect(deviceName(agents.tecnoWebView)).toBe("Android 12 · TECNO KG5");
  });
});
