import { createServer } from "node:net";
import path from "node:path";
import { startTestApp, type TestApp, type TestAppOptions } from "@hirestream/api/testing/test-app.ts";
import { CHROMIUM, QUIET_CHROMIUM_FLAGS } from "@hirestream/scripts/testing/chromium.ts";
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
  options: Pick<TestAppOptions, "features" | "webRoot" | "reactions" | "signInProviders" | "mailApis"> & {
    /** The host APP_URL names (default 127.0.0.1, where the browser opens the app). */
    appHost?: string;
    /**
     * A name the browser opens the app at instead of 127.0.0.1 (resolved to it), as a user who
     * types the machine's name does: over plain http that page is not a secure context.
     */
    browserHost?: string;
  } = {},
): Promise<E2E> {
  const port = await freePort();
  const { appHost, browserHost, ...appOptions } = options;
  const baseUrl = `http://${browserHost ?? "127.0.0.1"}:${port}`;
  const app = await startTestApp({
    now: new Date(),
    appUrl: appHost ? `http://${appHost}:${port}` : baseUrl,
    webRoot: path.join(import.meta.dirname, "..", "dist"),
    ...appOptions,
  });
  // The test clock stands still; sessions must not expire while a test runs.
  await app.app.listen({ port, host: "127.0.0.1" });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      ...QUIET_CHROMIUM_FLAGS,
      ...(browserHost ? [`--host-resolver-rules=MAP ${browserHost} 127.0.0.1`] : []),
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
