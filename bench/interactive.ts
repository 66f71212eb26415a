import { chromiumArgs, chromiumPath } from "@ysp/testing/chromium";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { medianBy } from "./lighthouse.ts";
import { startThumbnailHost } from "./thumbnail-host.ts";
import { startTlsFront } from "./tls-front.ts";

export type InteractiveResult = {
  path: string;
  /** What was timed: React marking the page (`html[data-hydrated]`) or the load event. */
  by: "hydrated" | "load";
  /** The median of the runs, from the start of the navigation. */
  ms: number;
  runsMs: number[];
};

/** Lighthouse's slow-line profile (lighthouse.ts), applied the same way: by Chromium, on the real network. */
const slowLine = { latencyMs: 400, kbps: 400, cpuSlowdown: 4 };

/** A new page of `context` on the slow line: its network and CPU held back as a cheap phone's. */
export async function slowLinePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: slowLine.latencyMs,
    downloadThroughput: (slowLine.kbps * 1024) / 8,
    uploadThroughput: (slowLine.kbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: slowLine.cpuSlowdown });
  return page;
}

/** Each figure is the median of this many loads, each in a fresh context (nothing cached). */
export const interactiveRuns = 5;

/**
 * When each page can be used on the slow line: on a page that hydrates, when React
 * marks the document (`html[data-hydrated]`, root.tsx); on a page with no framework, the load
 * event, by which its scripts have run. Loaded over HTTPS and HTTP/2 through the
 * stand-in for the load balancer, as Lighthouse's runs are, at a phone's viewport.
 */
export async function measureInteractive(
  serverUrl: string,
  pages: readonly { path: string; hydrates: boolean }[],
): Promise<InteractiveResult[]> {
  const front = await startTlsFront(serverUrl);
  const thumbnails = await startThumbnailHost(serverUrl);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs, "--ignore-certificate-errors", ...thumbnails.chromeFlags],
  });
  const results: InteractiveResult[] = [];
  try {
    for (const { path, hydrates } of pages) {
      const runsMs: number[] = [];
      for (let run = 0; run < interactiveRuns; run++) {
        const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
        const page = await slowLinePage(context);
        // Timed in the page, from the start of its navigation, the moment React marks it.
        await page.addInitScript(() => {
          new MutationObserver((_, observer) => {
            if (!document.documentElement.hasAttribute("data-hydrated")) return;
            Object.assign(window, { __hydratedAt: performance.now() });
            observer.disconnect();
            // The document, not its root element, which may not exist yet when this runs.
          }).observe(document, {
            subtree: true,
            attributes: true,
            attributeFilter: ["data-hydrated"],
          });
        });
        await page.goto(`${front.url}${path}`, { waitUntil: "load", timeout: 60_000 });
        const ms = hydrates
          ? await page
              .waitForFunction(
                () => (window as unknown as { __hydratedAt?: number }).__hydratedAt,
                undefined,
                { timeout: 60_000 },
              )
              .then((handle) => handle.jsonValue())
          : await page.evaluate(
              () =>
                (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
                  .loadEventStart,
            );
        runsMs.push(Math.round(ms as number));
        await context.close();
      }
      results.push({
        path,
        by: hydrates ? "hydrated" : "load",
        ms: medianBy(runsMs, (ms) => ms),
        runsMs,
      });
    }
  } finally {
    await browser.close();
    await thumbnails.close();
    await front.close();
  }
  return results;
}
