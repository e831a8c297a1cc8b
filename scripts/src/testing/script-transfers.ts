import type { BrowserContext, Page } from "playwright-core";

/** One script the page downloaded, as Chromium's network stack counted it. */
export interface ScriptTransfer {
  url: string;
  /** The body's bytes as sent: the compressed JavaScript when it was compressed. */
  encodedBytes: number;
  /** Everything received for it: the body and the response headers. */
  wireBytes: number;
  /** The response's content-encoding ("br", "gzip"), or "identity". */
  encoding: string;
}

export interface ScriptWatch {
  /** The scripts downloaded so far, finished ones only. */
  finished(): ScriptTransfer[];
  /** Whether no script is in flight and none started or finished for `quietMs`. */
  quiet(quietMs: number): boolean;
  stop(): Promise<void>;
}

/**
 * Watches a page's JavaScript downloads through the DevTools protocol (Network.loadingFinished's
 * encodedDataLength, less the headers' share, which Network.responseReceived reports): what the
 * server actually sent, compressed or not, not the files' sizes on disk. A script is a response typed as JavaScript, whatever loaded it (script tag,
 * modulepreload link, dynamic import). Open the page in a fresh profile: a cached script is not
 * downloaded, and counts as its few header bytes.
 */
export async function watchScripts(context: BrowserContext, page: Page): Promise<ScriptWatch> {
  const session = await context.newCDPSession(page);
  const scripts = new Map<string, { url: string; encoding: string; headerBytes: number }>();
  const inFlight = new Set<string>();
  const finished: ScriptTransfer[] = [];
  let lastActivity = performance.now();
  session.on("Network.responseReceived", (event) => {
    if (!/javascript/.test(event.response.mimeType)) return;
    const header = Object.entries(event.response.headers).find(([name]) => name.toLowerCase() === "content-encoding");
    // At this point the bytes received are the response's headers.
    scripts.set(event.requestId, {
      url: event.response.url,
      encoding: String(header?.[1] ?? "identity"),
      headerBytes: event.response.encodedDataLength,
    });
    inFlight.add(event.requestId);
    lastActivity = performance.now();
  });
  session.on("Network.loadingFinished", (event) => {
    const script = scripts.get(event.requestId);
    if (!script) return;
    inFlight.delete(event.requestId);
    finished.push({
      url: script.url,
      encoding: script.encoding,
      encodedBytes: event.encodedDataLength - script.headerBytes,
      wireBytes: event.encodedDataLength,
    });
    lastActivity = performance.now();
  });
  session.on("Network.loadingFailed", (event) => {
    inFlight.delete(event.requestId);
    lastActivity = performance.now();
  });
  await session.send("Network.enable");
  return {
    finished: () => [...finished],
    quiet: (quietMs) => inFlight.size === 0 && performance.now() - lastActivity >= quietMs,
    stop: () => session.detach(),
  };
}

/** Sum of the transfers' compressed JavaScript. */
export function totalBytes(transfers: readonly ScriptTransfer[]): number {
  return transfers.reduce((sum, transfer) => sum + transfer.encodedBytes, 0);
}

/** Sum of the transfers' bytes with their headers. */
export function totalWireBytes(transfers: readonly ScriptTransfer[]): number {
  return transfers.reduce((sum, transfer) => sum + transfer.wireBytes, 0);
}

/**
 * Opens `path` in the page and returns the scripts it downloaded once the screen is shown
 * (`ready`) and no script has moved for `quietMs`: a lazy chunk asked for late still counts.
 */
export async function scriptsOfFirstLoad(
  context: BrowserContext,
  page: Page,
  path: string,
  ready: (page: Page) => Promise<unknown>,
  quietMs = 1_000,
): Promise<ScriptTransfer[]> {
  const watch = await watchScripts(context, page);
  try {
    await page.goto(path);
    await ready(page);
    const deadline = performance.now() + 30_000;
    while (!watch.quiet(quietMs)) {
      if (performance.now() > deadline) throw new Error(`scripts still loading 30 s after opening ${path}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return watch.finished();
  } finally {
    await watch.stop();
  }
}
