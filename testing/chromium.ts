/**
 * Debian's Chromium, for the browser tests and the benchmarks: a test tool's own
 * browser download does not work on these machines. `.ci/run` installs it when missing.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** No sandbox (tests run as root), no GPU, and nothing that calls out to Google's servers. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
