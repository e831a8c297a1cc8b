import { writeFileSync } from "node:fs";
import type { CDPSession, Page } from "playwright-core";
import { z } from "zod";

// A Chrome trace of a page through the DevTools protocol's Tracing domain, taken when BENCH_TRACE
// names a file to write it to (open it in the browser's Performance panel). Each bench that
// traces chooses its categories and how it sums the events up.

export const traceEvent = z.object({
  name: z.string(),
  ph: z.string(),
  pid: z.number(),
  tid: z.number(),
  ts: z.number(),
  dur: z.number().optional(),
  args: z.looseObject({ name: z.string().optional(), data: z.looseObject({}).optional() }).optional(),
});
export type TraceEvent = z.infer<typeof traceEvent>;

export interface PageTracer {
  /** Ends the trace, writes its file, and answers the summary's lines. */
  stop(): Promise<string[]>;
}

/** Starts a trace when BENCH_TRACE is set; null otherwise. `name` joins the file's name. */
export async function traceIfAsked(
  page: Page,
  name: string,
  categories: readonly string[],
  summarise: (events: readonly TraceEvent[]) => string[],
): Promise<PageTracer | null> {
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
    traceConfig: { includedCategories: [...categories], recordMode: "recordContinuously" },
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
