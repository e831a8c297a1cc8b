import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type E2E, startE2E } from "./harness.ts";
import { signUpThroughScreens } from "./session.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Chromium's offline error page has no #root, so children in it mean the app itself rendered. */
async function appRendered(page: Page): Promise<boolean> {
  return page.evaluate(() => (document.getElementById("root")?.childElementCount ?? 0) > 0);
}

/** A fetch made by the page, which goes through the worker's fetch handler. */
async function pageFetchStatus(page: Page, url: string): Promise<number | "failed"> {
  return page.evaluate(
    (target) =>
      fetch(target).then(
        (response) => response.status,
        () => "failed" as const,
      ),
    url,
  );
}

/** A fetch made by the worker itself, as it does when it fills or refreshes its cache. */
async function workerFetchStatus(context: BrowserContext, url: string): Promise<number | "failed"> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  return worker.evaluate(
    (target) =>
      fetch(target).then(
        (response) => response.status,
        () => "failed" as const,
      ),
    url,
  );
}

it("opens and reloads the signed-in app with no network, and never answers /api from a cache", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "offline-shell@example.com");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // clientsClaim hands this already-open page to the worker once it activates.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Online, through the worker: a worker that cached /api would now hold this answer.
  expect(await pageFetchStatus(page, "/api/v1/health")).toBe(200);
  expect(await workerFetchStatus(context, "/api/v1/health")).toBe(200);

  await context.setOffline(true);
  // The emulation reaches the worker's own fetches too, so what follows is served from its cache.
  expect(await workerFetchStatus(context, "/api/v1/health")).toBe("failed");

  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  expect(new URL(page.url()).pathname).toBe("/workspaces/me/projects");
  await page.locator("header").first().waitFor();
  expect(await appRendered(page)).toBe(true);

  expect(await pageFetchStatus(page, "/api/v1/health")).toBe("failed");

  // A path this browser never loaded: the worker answers the navigation with the cached index.html.
  const helpCenter = await page.goto("/help_center");
  expect(helpCenter?.fromServiceWorker()).toBe(true);
  expect(new URL(page.url()).pathname).toBe("/help_center");
  await expect.poll(() => appRendered(page)).toBe(true);
  await context.close();
});

it("shows the browser's offline error without a worker, so the offline emulation is real", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await context.setOffline(true);
  await expect(page.goto("/sign_in")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await context.close();
});

it("makes browsers revalidate the worker and index.html, and cache hashed assets for good", async () => {
  const context = await e2e.newContext();
  const index = await context.request.get("/");
  expect(index.headers()["cache-control"]).toBe("no-cache");
  const fallback = await context.request.get("/workspaces/me/projects");
  expect(fallback.headers()["cache-control"]).toBe("no-cache");
  const worker = await context.request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  const script = /\/assets\/[^"]+\.js/.exec(await index.text())?.[0];
  if (!script) throw new Error("index.html names no script under /assets/");
  const asset = await context.request.get(script);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  await context.close();
});
