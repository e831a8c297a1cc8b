import { writeFileSync } from "node:fs";
import type { CDPSession, Page } from "playwright-core";
import { z } from "zod";

// Where IndexedDB spends a first sync in the browser process, which a CPU profile of the page
// cannot see: a Chrome trace through the DevTools protocol's Tracing domain, taken when
// BENCH_TRACE names a file to write it to. The summary sums each event's time by process and name.

const CATEGORIES = [
  "IndexedDB",
  "leveldb",
  "toplevel",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-IndexedDB",
];

const traceEvent = z.object({
  name: z.string(),
  ph: z.string(),
  pid: z.number(),
  tid: z.number(),
  ts: z.number(),
  dur: z.number().optional(),
  args: z.looseObject({ name: z.string().optional() }).optional(),
});
type TraceEvent = z.infer<typeof traceEvent>;

export interface PageTracer {
  stop(): Promise<string[]>;
}

/** Starts a trace when BENCH_TRACE is set; null otherwise. `name` joins the file's name. */
export async function traceIfAsked(page: Page, name: string): Promise<PageTracer | null> {
  const asked = process.env.BENCH_TRACE;
  if (!asked) return null;
  const file = asked.replace(/(\.json)?$/, `-${name}.json`);
  const session: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  session.on("Tracing.dataCollected", (data) => {
    for (const value of data.value) {
      const event = traceEvent.safeParse(value);
      if (event.success) events.push(event.data);
    }
  });
  await session.send("Tracing.start", {
    traceConfig: { includedCategories: CATEGORIES, recordMode: "recordContinuously" },
    transferMode: "ReportEvents",
  });
  return {
    async stop() {
      const complete = new Promise<void>((resolve) => session.once("Tracing.tracingComplete", () => resolve()));
      await session.send("Tracing.end");
      await complete;
      await session.detach();
      writeFileSync(file, JSON.stringify({ traceEvents: events }));
      return summarise(events);
    },
  };
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
