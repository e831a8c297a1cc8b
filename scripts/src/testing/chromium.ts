/** Debian's Chromium, which `npm test` installs and the browser tests and the bench drive. */
export const CHROMIUM = "/usr/bin/chromium";

/**
 * DESIGN.md's flags for browser tests, and the ones keeping Chromium from calling home. Headless
 * is left to the caller: a test with an extension loaded picks its own.
 */
export const QUIET_CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
