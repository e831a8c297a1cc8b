import type { Page } from "playwright-core";
import { type PageTracer, type TraceEvent, traceIfAsked } from "./chrome-trace.ts";

// Where a fresh load's time goes before its first row, which the load's own marks only bracket: a
// Chrome timeline trace of the page from navigation, taken when BENCH_TRACE names a file to write
// it to (open it in the browser's Performance panel). The summary lists, in page time (ms since
// navigation), the app's marks and every main-thread task of the page over a few milliseconds with
// what took most of it: scripts by file, style, layout, paint, garbage collection.

const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "blink.user_timing",
  "v8.execute",
  "loading",
  "IndexedDB",
];

/** Main-thread tasks shorter than this are left out of the summary. */
const TASK_MS = 8;

/** Starts a trace of the page's load when BENCH_TRACE is set; null otherwise. `name` joins the file's name. */
export function traceLoadIfAsked(page: Page, name: string): Promise<PageTracer | null> {
  return traceIfAsked(page, name, CATEGORIES, summarise);
}

const dataText = (event: TraceEvent, key: string): string | undefined => {
  const value = event.args?.data?.[key];
  return typeof value === "string" ? value : undefined;
};

/** What an event inside a task was, by kind and, for scripts, by file. */
function labelOf(event: TraceEvent): string {
  const url = dataText(event, "url") ?? "";
  const file = url.replace(/^.*\//, "").replace(/\?.*$/, "");
  if (event.name === "FunctionCall" || event.name === "EvaluateScript" || event.name === "v8.compile")
    return `${event.name}${file ? ` ${file}` : ""}${dataText(event, "functionName") ? ` ${dataText(event, "functionName")}` : ""}`;
  return event.name;
}

function summarise(events: readonly TraceEvent[]): string[] {
  const marked = events.find((event) => event.name.startsWith("hirestream:"));
  // The load's own navigation: the last to start before the app's first mark.
  const navigation = events
    .filter((event) => event.name === "navigationStart" && event.ts <= (marked?.ts ?? Number.POSITIVE_INFINITY))
    .at(-1);
  const origin = navigation?.ts ?? 0;
  const at = (ts: number) => ((ts - origin) / 1000).toFixed(0);
  const marks = events
    .filter((event) => event.name.startsWith("hirestream:") && event.ph !== "e")
    .map((event) => `${event.name.slice("hirestream:".length)} ${at(event.ts)}`);
  const threads = new Map<string, string>();
  for (const event of events)
    if (event.ph === "M" && event.name === "thread_name")
      threads.set(`${event.pid}:${event.tid}`, event.args?.name ?? "?");
  // The page's main thread: the renderer's main thread that marked the load's steps.
  const main = marked ? `${marked.pid}:${marked.tid}` : null;
  const onMain = events.filter(
    (event) => `${event.pid}:${event.tid}` === main && event.ph === "X" && event.ts >= origin,
  );
  const tasks = onMain.filter((event) => event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask");
  const lines = [`marks: ${marks.join(", ")}`];
  for (const task of tasks) {
    const dur = task.dur ?? 0;
    if (dur < TASK_MS * 1000) continue;
    const inside = onMain.filter(
      (event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + dur,
    );
    const byLabel = new Map<string, number>();
    for (const event of inside) {
      if (event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask") continue;
      const label = labelOf(event);
      byLabel.set(label, Math.max(byLabel.get(label) ?? 0, (event.dur ?? 0) / 1000));
    }
    const top = [...byLabel]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([label, ms]) => `${label} ${ms.toFixed(0)}`)
      .join("; ");
    lines.push(`task at ${at(task.ts)} for ${(dur / 1000).toFixed(0)} ms: ${top}`);
  }
  const idb = events.filter(
    (event) => event.name.startsWith("IndexedDB") && event.ph === "X" && (event.dur ?? 0) >= 5000 && event.ts >= origin,
  );
  for (const event of idb.slice(0, 40))
    lines.push(
      `idb ${event.name} at ${at(event.ts)} for ${((event.dur ?? 0) / 1000).toFixed(0)} ms (${threads.get(`${event.pid}:${event.tid}`) ?? event.tid})`,
    );
  return lines;
}
