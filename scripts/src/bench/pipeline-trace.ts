import type { Page } from "playwright-core";
import { type PageTracer, type TraceEvent, traceIfAsked } from "./chrome-trace.ts";

// Where IndexedDB spends a first sync in the browser process, which a CPU profile of the page
// cannot see: a Chrome trace through the DevTools protocol's Tracing domain, taken when
// BENCH_TRACE names a file to write it to (chrome-trace.ts). The summary sums each event's time by process and name.

const CATEGORIES = [
  "IndexedDB",
  "leveldb",
  "toplevel",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-IndexedDB",
];

/** Starts a trace when BENCH_TRACE is set; null otherwise. `name` joins the file's name. */
export function traceSyncIfAsked(page: Page, name: string): Promise<PageTracer | null> {
  return traceIfAsked(page, name, CATEGORIES, summarise);
}

/** Time and count by process and event name, B/E pairs matched per thread, the largest first. */
function summarise(events: readonly TraceEvent[]): string[] {
  const processes = new Map<number, string>();
  const threads = new Map<string, string>();
  for (const event of events) {
    if (event.ph === "M" && event.name === "process_name") processes.set(event.pid, event.args?.name ?? "?");
    if (event.ph === "M" && event.name === "thread_name")
      threads.set(`${event.pid}:${event.tid}`, event.args?.name ?? "?");
  }
  const totals = new Map<string, { ms: number; count: number }>();
  const open = new Map<string, TraceEvent[]>();
  const add = (event: TraceEvent, us: number) => {
    const key = `${processes.get(event.pid) ?? event.pid} ${threads.get(`${event.pid}:${event.tid}`) ?? event.tid} ${event.name}`;
    const total = totals.get(key) ?? { ms: 0, count: 0 };
    total.ms += us / 1000;
    total.count += 1;
    totals.set(key, total);
  };
  for (const event of events) {
    if (event.ph === "X") add(event, event.dur ?? 0);
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph === "B") open.set(thread, [...(open.get(thread) ?? []), event]);
    if (event.ph === "E") {
      const stack = open.get(thread) ?? [];
      const begun = stack.pop();
      if (begun) add(begun, event.ts - begun.ts);
    }
  }
  return [...totals]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 60)
    .map(([key, { ms, count }]) => `${ms.toFixed(0).padStart(7)} ms ${String(count).padStart(7)}×  ${key}`);
}
