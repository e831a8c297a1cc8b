import { createServer } from "node:net";
import path from "node:path";
import { startTestApp, type TestApp, type TestAppOptions } from "@hirestream/api/testing/test-app.ts";
import { type Browser, type BrowserContext, chromium } from "playwright-core";

export interface E2E {
  app: TestApp;
  baseUrl: string;
  browser: Browser;
  /** A fresh browser profile (its own IndexedDB and storage), like another device. */
  newContext(options?: { width?: number; height?: number }): Promise<BrowserContext>;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The real API serving the built web app on a fresh database, and Debian's Chromium to drive it. */
export async function startE2E(
  options: Pick<TestAppOptions, "features" | "webRoot" | "reactions" | "signInProviders"> & {
    /** The host APP_URL names (default 127.0.0.1, where the browser opens the app). */
    appHost?: string;
  } = {},
): Promise<E2E> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { appHost, ...appOptions } = options;
  const app = await startTestApp({
    now: new Date(),
    appUrl: appHost ? `http://${appHost}:${port}` : baseUrl,
    webRoot: path.join(import.meta.dirname, "..", "dist"),
    ...appOptions,
  });
  // The test clock stands still; sessions must not expire while a test runs.
  await app.app.listen({ port, host: "127.0.0.1" });
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  return {
    app,
    baseUrl,
    browser,
    newContext: (options = {}) =>
      browser.newContext({
        baseURL: baseUrl,
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      }),
    async close() {
      await browser.close();
      await app.close();
    },
  };
}
