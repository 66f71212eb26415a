import UAParser from "ua-parser-js";

/**
 * A User-Agent as a login keeps it, a student's session or a staff member's passkey: cut to 200
 * characters, since a client may send any length.
 */
export const storedDevice = (userAgent: string | null | undefined) =>
  userAgent?.slice(0, 200) ?? null;

/**
 * Names seen, kept so a list of sessions parses nothing twice: a parse costs about 50 µs, and
 * the app's students send few distinct User-Agents. Bounded, as a User-Agent is whatever a
 * client sends; past the bound the oldest name goes.
 */
const seen = new Map<string, string | null>();
const seenAtMost = 1000;

/**
 * A short name a student recognises for the device a session logged in from, read from its
 * User-Agent by ua-parser-js: "Android 12 · TECNO KG5", "iPhone", "Chrome on Windows". Null
 * when the User-Agent names nothing it knows (a bare HTTP library, say).
 */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const known = seen.get(userAgent);
  if (known !== undefined) return known;
  const name = nameOf(new UAParser(userAgent).getResult());
  if (seen.size >= seenAtMost) seen.delete(seen.keys().next().value as string);
  seen.set(userAgent, name);
  return name;
}

function nameOf({ browser, os, device }: UAParser.IResult): string | null {
  const system = [os.name, os.version?.split(".")[0]].filter(Boolean).join(" ");
  // Chrome's reduced User-Agent puts a one-letter "K" where the model was: no model at all.
  const model = device.model && device.model.length > 1 ? device.model : undefined;
  if (model && (device.type === "mobile" || device.type === "tablet")) {
    // Apple's model is the product itself ("iPhone", "iPad"), which says more than its system.
    if (device.vendor === "Apple") return model;
    const maker = device.vendor && !model.startsWith(device.vendor) ? `${device.vendor} ` : "";
    return system ? `${system} · ${maker}${model}` : `${maker}${model}`;
  }
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  return system || browser.name || null;
}
