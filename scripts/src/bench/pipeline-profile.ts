import { writeFileSync } from "node:fs";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import type { CDPSession, Page } from "playwright-core";

// Where the page's main thread spends a first sync: a CPU profile of the renderer through the
// DevTools protocol's Profiler, taken when BENCH_CPU_PROFILE names a file to write it to. The
// summary sums self time by function; IndexedDB's own work runs outside the renderer's thread
// and shows as idle time there.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

export interface PageProfiler {
  stop(): Promise<string[]>;
}

/** Starts profiling the page when BENCH_CPU_PROFILE is set; null otherwise. `name` joins the file's name. */
export async function profileIfAsked(page: Page, name = ""): Promise<PageProfiler | null> {
  const asked = process.env.BENCH_CPU_PROFILE;
  if (!asked) return null;
  const file = name ? asked.replace(/(\.cpuprofile)?$/, `-${name}.cpuprofile`) : asked;
  const session: CDPSession = await page.context().newCDPSession(page);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 500 });
  await session.send("Profiler.start");
  return {
    async stop() {
      const { profile } = (await session.send("Profiler.stop")) as { profile: CpuProfile };
      await session.detach();
      writeFileSync(file, JSON.stringify(profile));
      return summarise(profile, await sourceMaps(profile));
    },
  };
}

/** The built app's source maps, fetched beside its scripts, so minified frames get their source's names. */
async function sourceMaps(profile: CpuProfile): Promise<Map<string, TraceMap>> {
  const maps = new Map<string, TraceMap>();
  const urls = new Set(profile.nodes.map((node) => node.callFrame.url).filter((url) => /^https?:.*\.js$/.test(url)));
  for (const url of urls) {
    const answer = await fetch(`${url}.map`).catch(() => null);
    if (!answer?.ok) continue;
    // A page without a map is answered with the app's index.html: read past it.
    try {
      maps.set(url, new TraceMap(await answer.text()));
    } catch {}
  }
  return maps;
}

/** Self time by function (name, file, line), the largest first, with idle and GC apart. */
function summarise(profile: CpuProfile, maps: Map<string, TraceMap>): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (const [index, id] of samples.entries()) {
    const node = byNode.get(id);
    // Each sample's delta is the time since the previous one: the time to charge is the next delta.
    const ms = (deltas[index + 1] ?? 0) / 1000;
    if (!node) continue;
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const map = maps.get(url);
    const original = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null;
    const file = (original?.source ?? url).replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "");
    const line = original?.line ?? lineNumber + 1;
    const key = `${original?.name ?? (functionName || "(anonymous)")} ${file.slice(-60)}:${line}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
  }
  const total = (profile.endTime - profile.startTime) / 1000;
  const sorted = [...selfMs].sort((a, b) => b[1] - a[1]);
  return [
    `profile ${total.toFixed(0)} ms`,
    ...sorted.slice(0, 40).map(([key, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${key}`),
  ];
}
