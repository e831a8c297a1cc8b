import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import pg from "pg";
import { exportAnalytics } from "../analytics/export-analytics.ts";
import { appendExportHistory } from "./export-seed.ts";

export interface ExportBenchResult {
  events: number;
  seedSeconds: number;
  /** The whole export (replay, figures, files), as `npm run export-analytics` runs it. */
  csv: { seconds: number; perSecond: number };
  parquet: { seconds: number; perSecond: number };
}

/**
 * The analytics export over a workspace of `events` events, on a database holding only that
 * history: appended first, settled (vacuum, checkpoint), then exported to CSV and to Parquet.
 */
export async function benchExport(
  databaseUrl: string,
  options: { events: number; log: (line: string) => void },
): Promise<ExportBenchResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on("error", (error) => options.log(`  idle connection lost: ${error.message}`));
  const store = new PostgresEventStore({ pool });
  const out = await mkdtemp(path.join(tmpdir(), "hirestream-export-bench-"));
  try {
    const seedStarted = performance.now();
    let reported = 0;
    const seed = await appendExportHistory(pool, store, {
      events: options.events,
      concurrency: 2,
      onProgress(events) {
        if (events - reported < 200_000) return;
        reported = events;
        options.log(`  appended ${events} events`);
      },
    });
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    options.log(`  appended ${seed.events} events in ${seedSeconds.toFixed(1)} s`);
    await pool.query("vacuum analyze events");
    await pool.query("checkpoint");

    const run = async (format: "csv" | "parquet") => {
      const report = await exportAnalytics({
        store,
        workspaceId: seed.workspaceId,
        period: { from: null, to: null },
        format,
        outDir: path.join(out, format),
      });
      options.log(`  ${format}: ${report.events} events in ${report.seconds.toFixed(1)} s`);
      return { seconds: report.seconds, perSecond: report.events / report.seconds };
    };
    const csv = await run("csv");
    const parquet = await run("parquet");
    return { events: seed.events, seedSeconds, csv, parquet };
  } finally {
    await rm(out, { recursive: true, force: true });
    await store.close();
    await pool.end();
  }
}
