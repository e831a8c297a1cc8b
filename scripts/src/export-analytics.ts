import { parseArgs } from "node:util";
import { analyticsPeriodInput, periodOf } from "@hirestream/contracts/analytics/analytics-period.ts";
import { SingleBar } from "cli-progress";
import { z } from "zod";
import { ExportRefused } from "./analytics/export-access.ts";
import { exportAnalytics } from "./analytics/export-analytics.ts";
import { readConfig } from "./runtime/config.ts";
import { openRuntime } from "./runtime/runtime.ts";

// `npm run export-analytics -- --workspace <id> [--from <date>] [--to <date>] [--format csv|parquet]
// [--out <dir>] [--user <email or id>]`: the event log replayed into analytics files (README,
// "Analytics export"). Reads only; safe to run while the services run.

const usage =
  "usage: npm run export-analytics -- --workspace <id> [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--format csv|parquet] [--out <dir>] [--user <email or id>]";

const cli = z
  .object({
    workspace: z.uuid(),
    from: z.string().optional(),
    to: z.string().optional(),
    format: z.enum(["csv", "parquet"]).default("csv"),
    out: z.string().min(1).default("analytics-export"),
    user: z.string().min(1).optional(),
  })
  .and(analyticsPeriodInput);

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let values: Record<string, string | undefined>;
try {
  const string = { type: "string" } as const;
  values = parseArgs({
    options: { workspace: string, from: string, to: string, format: string, out: string, user: string },
    strict: true,
  }).values;
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
}
const parsed = cli.safeParse(values);
if (!parsed.success) {
  fail(`${parsed.error.issues.map((issue) => `--${issue.path.join(".")}: ${issue.message}`).join("\n")}\n${usage}`);
}
const options = parsed.data;

const runtime = await openRuntime(readConfig(), { migrate: false });
const bar = new SingleBar({
  format: "replaying the event log [{bar}] {percentage}% | {events} events | {speed} events/s | {eta_formatted} left",
  stream: process.stdout,
  noTTYOutput: true,
  notTTYSchedule: 1000,
});
let started: number | null = null;
try {
  const report = await exportAnalytics({
    store: runtime.store,
    workspaceId: options.workspace,
    period: periodOf(options),
    format: options.format,
    outDir: options.out,
    user: options.user,
    onProgress({ events, position, first, head }) {
      const now = performance.now();
      if (started === null) {
        started = now;
        bar.start(Math.max(1, head - first), 0, { events: 0, speed: 0 });
      }
      const seconds = (now - started) / 1000;
      bar.update(position - first, { events, speed: seconds > 0 ? Math.round(events / seconds) : 0 });
    },
  });
  if (started !== null) bar.stop();
  const rate = report.seconds > 0 ? Math.round(report.events / report.seconds) : report.events;
  console.log(`Replayed ${report.events} events in ${report.seconds.toFixed(1)} s: ${rate} events/s.`);
  for (const file of report.files) console.log(`  ${file}`);
} catch (error) {
  if (started !== null) bar.stop();
  if (error instanceof ExportRefused) {
    console.error(error.message);
    process.exitCode = 3;
  } else throw error;
} finally {
  await runtime.close();
}
