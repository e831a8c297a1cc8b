import { totalBytes, totalWireBytes } from "../testing/script-transfers.ts";
import { type Figure, formatCount } from "./results.ts";
import type { AppWeightResult, ScreenLoad } from "./web-weight.bench.ts";

/** Issue 16's budget: a signed-in screen's first load downloads at most this much compressed JavaScript. */
export const SIGNED_IN_SCRIPT_BUDGET_BYTES = 250_000;

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** "br" for every script, or the mix ("br ×12, identity ×1"). */
function encodings(load: ScreenLoad): string {
  const counts = new Map<string, number>();
  for (const script of load.scripts) counts.set(script.encoding, (counts.get(script.encoding) ?? 0) + 1);
  return [...counts].map(([encoding, count]) => `${encoding} ×${count}`).join(", ");
}

/** The largest scripts of a load, by name, for the note. */
function largest(load: ScreenLoad, count = 3): string {
  return [...load.scripts]
    .sort((a, b) => b.encodedBytes - a.encodedBytes)
    .slice(0, count)
    .map((script) => `${path(script.url)} ${kB(script.encodedBytes)}`)
    .join(", ");
}

const path = (url: string) => new URL(url).pathname.replace(/^\/assets\//, "");

export function appWeightFigures(result: AppWeightResult): Figure[] {
  const signedIn = result.screens.filter((load) => load.signedIn);
  const heaviestSignedIn = Math.max(...signedIn.map((load) => totalBytes(load.scripts)));
  const figures: Figure[] = result.screens.map((load) => {
    const bytes = totalBytes(load.scripts);
    const budget = load.signedIn
      ? `≤ ${kB(SIGNED_IN_SCRIPT_BUDGET_BYTES)} (issue 16)`
      : "less than the heaviest signed-in screen (issue 16)";
    return {
      name: `App weight: compressed JavaScript of a first load of ${load.label}${load.signedIn ? " (signed in)" : ""}`,
      value: kB(bytes),
      budget,
      pass: load.signedIn ? bytes <= SIGNED_IN_SCRIPT_BUDGET_BYTES : bytes < heaviestSignedIn,
      note:
        `${formatCount(load.scripts.length)} scripts, their bodies as the API sent them (${encodings(load)};` +
        ` DevTools Network.loadingFinished less the headers); with the response headers ${kB(totalWireBytes(load.scripts))};` +
        ` gzip only: ${kB(load.gzipBytes)};` +
        ` largest ${largest(load)}. ${result.chromium}, fresh on-disk profile`,
    };
  });
  figures.push({
    name: "App weight: Vite's chunk size warning in the production build",
    value: result.sizeWarnings.length === 0 ? "none" : result.sizeWarnings.join(" / ").slice(0, 300),
    budget: "none (issue 16), with Vite's default chunkSizeWarningLimit",
    pass: result.sizeWarnings.length === 0,
  });
  figures.push({
    name: "App weight: the service worker's precache, fetched in the background after the first load",
    value: `${formatCount(result.precache.files)} files, ${kB(result.precache.brotliBytes)} brotli`,
    budget: "context (no budget)",
    pass: null,
    note: "so that every screen opens offline; sizes of the build's brotli copies on disk",
  });
  return figures;
}
