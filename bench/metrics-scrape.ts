/**
 * Prometheus's side of a run: the server's /metrics fetched every `everyMs` while `run` lasts,
 * as a Prometheus scraping far more often than the 15 s of deploy/prometheus/prometheus.yml
 * would, so a run under load also pays what the metrics cost. Each scrape's time in ms.
 */
export async function scrapedDuring<T>(
  metricsUrl: string,
  run: () => Promise<T>,
  everyMs = 1000,
): Promise<{ result: T; scrapesMs: number[] }> {
  const scrapesMs: number[] = [];
  let running = true;
  const scraping = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await fetch(metricsUrl);
      if (!answer.ok) throw new Error(`GET ${metricsUrl} answered ${answer.status}`);
      await answer.text();
      scrapesMs.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  try {
    return { result: await run(), scrapesMs };
  } finally {
    running = false;
    await scraping;
  }
}

export const medianMs = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.floor(sorted.length / 2)] ?? Number.NaN).toFixed(1));
};
