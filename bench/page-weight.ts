import { brotliCompressSync } from "node:zlib";
import type { Browser } from "playwright-core";

export type PageWeight = {
  path: string;
  status: number;
  requests: number;
  /** The stylesheet is inlined in the HTML: its brotli size, counted inside `html` too. */
  inlineCssBytes: number;
  /** Inline script text, counted inside `html` too. */
  inlineJsBytes: number;
  /** The inline loader of the email typo hint ("Did you mean …?"), or "" on a page without one. */
  typoHintScript: string;
  /** "Continue with Google" as the page has it (hidden where Google is off), or "". */
  googleButtonHtml: string;
  /** Each script on another site the page asked for (none is let through): no Google script. */
  otherSiteScripts: string[];
  bytes: {
    html: number;
    css: number;
    js: number;
    fonts: number;
    images: number;
    other: number;
    total: number;
  };
};

type Kind = keyof Omit<PageWeight["bytes"], "total">;

function kindOf(resourceType: string, mimeType: string): Kind {
  if (resourceType === "Document") return "html";
  if (resourceType === "Stylesheet" || mimeType.includes("css")) return "css";
  if (resourceType === "Script" || mimeType.includes("javascript")) return "js";
  if (resourceType === "Font" || mimeType.startsWith("font/")) return "fonts";
  if (resourceType === "Image" || mimeType.startsWith("image/")) return "images";
  return "other";
}

/**
 * Bytes over the wire (compressed, headers excluded) before any interaction,
 * at a phone's viewport, counted from Chromium's network events. Images that
 * load lazily below the fold are not requested, so they are not counted.
 */
export async function measurePageWeight(
  browser: Browser,
  baseUrl: string,
  path: string,
): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  const otherSiteScripts: string[] = [];
  await page.route(/^(?!https?:\/\/(127\.0\.0\.1|localhost)[:/])/, (route) => {
    if (route.request().resourceType() === "script") otherSiteScripts.push(route.request().url());
    return route.abort();
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const requests = new Map<string, { type: string; mime: string; bytes: number; done: boolean }>();
  cdp.on("Network.responseReceived", (e) => {
    requests.set(e.requestId, { type: e.type, mime: e.response.mimeType, bytes: 0, done: false });
  });
  cdp.on("Network.loadingFinished", (e) => {
    const entry = requests.get(e.requestId);
    if (entry) {
      entry.done = true;
      entry.bytes = e.encodedDataLength;
    }
  });
  const headerBytes = new Map<string, number>();
  cdp.on("Network.responseReceivedExtraInfo", (e) => {
    headerBytes.set(e.requestId, e.headersText?.length ?? 0);
  });
  const response = await page.goto(`${baseUrl}${path}`, { waitUntil: "networkidle" });
  await page.waitForTimeout(500);
  const bytes = { html: 0, css: 0, js: 0, fonts: 0, images: 0, other: 0, total: 0 };
  let count = 0;
  for (const [id, entry] of requests) {
    if (!entry.done) continue;
    const body = Math.max(0, entry.bytes - (headerBytes.get(id) ?? 0));
    bytes[kindOf(entry.type, entry.mime)] += body;
    bytes.total += body;
    count++;
  }
  const { css, js, typoHintScript, googleButtonHtml } = await page.evaluate(() => ({
    css: [...document.querySelectorAll("style")].map((s) => s.textContent ?? "").join(""),
    js: [...document.querySelectorAll("script:not([src])")]
      .filter((s) => s.getAttribute("type") !== "application/ld+json")
      .map((s) => s.textContent ?? "")
      .join(""),
    typoHintScript:
      [...document.querySelectorAll("script:not([src])")]
        .map((s) => s.textContent ?? "")
        .find((text) => text.includes("/email-typo-hints-")) ?? "",
    googleButtonHtml: document.getElementById("google-sign-in")?.outerHTML ?? "",
  }));
  await context.close();
  return {
    path,
    status: response?.status() ?? 0,
    requests: count,
    inlineCssBytes: brotliCompressSync(css).length,
    inlineJsBytes: Buffer.byteLength(js),
    typoHintScript,
    googleButtonHtml,
    otherSiteScripts,
    bytes,
  };
}
