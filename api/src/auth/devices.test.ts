import { describe, expect, it } from "vitest";
import { userAgents } from "../../test/user-agents.ts";
import { deviceName } from "./devices.ts";

const agents = userAgents;

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
