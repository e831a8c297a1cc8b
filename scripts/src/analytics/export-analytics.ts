import { mkdir } from "node:fs/promises";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { formulaStart } from "@hirestream/api/analytics/stats-csv.ts";
import type { AnalyticsPeriod } from "@hirestream/contracts/analytics/analytics-period.ts";
import { emptyFactMemory } from "@hirestream/domain/analytics/fact-memory.ts";
import type { EventStore } from "@hirestream/eventstore/event-store.ts";
import { fillDimensions } from "./dimension-tables.ts";
import { checkAccess, exportedProjects } from "./export-access.ts";
import { exportFiles, exportQueries } from "./export-queries.ts";
import { openFactTables } from "./fact-tables.ts";
import { type ReplayProgress, replayLog } from "./replay-log.ts";

export type ExportFormat = "csv" | "parquet";

export interface ExportOptions {
  store: EventStore;
  workspaceId: string;
  period: AnalyticsPeriod;
  format: ExportFormat;
  outDir: string;
  /** An email or user id: only what that user may read, and a refusal when it is not the workspace. */
  user?: string | undefined;
  pageSize?: number;
  onProgress?: (progress: ReplayProgress) => void;
}

export interface ExportReport {
  events: number;
  seconds: number;
  files: string[];
}

/** formulaStart as an RE2 pattern (DuckDB's regular expressions): the same characters. */
const formulaPattern = formulaStart.source.replace(/\\u([0-9A-Fa-f]{4})/g, "\\x{$1}").replaceAll("'", "''");

/**
 * Replays the event log into analytics files for one workspace: facts into DuckDB, figures by SQL,
 * one file per figure written by DuckDB's COPY. Same log, same options: the same bytes.
 */
export async function exportAnalytics(options: ExportOptions): Promise<ExportReport> {
  const { store, workspaceId } = options;
  const userId = await checkAccess(store, workspaceId, options.user);
  const started = performance.now();
  const head = await store.headPosition();
  // One thread and insertion order kept: the rows and the files' layout come out the same each run.
  const instance = await DuckDBInstance.create(":memory:", { threads: "1", preserve_insertion_order: "true" });
  const connection = await instance.connect();
  try {
    const facts = await openFactTables(connection);
    const memory = emptyFactMemory();
    let events: number;
    try {
      events = await replayLog({
        store,
        head,
        workspaceId,
        memory,
        pageSize: options.pageSize ?? 5000,
        onFact: (fact) => facts.append(fact),
        onProgress: options.onProgress ?? (() => undefined),
      });
    } finally {
      facts.close();
    }
    await fillDimensions(connection, memory, workspaceId, exportedProjects(memory, workspaceId, userId));
    // In CSV, a cell a spreadsheet would run as a formula starts with a quote, as the app's CSVs do.
    await connection.run(
      options.format === "csv"
        ? `create macro cell(v) as case when regexp_matches(v, '${formulaPattern}') then '''' || v else v end`
        : "create macro cell(v) as v",
    );
    await mkdir(options.outDir, { recursive: true });
    const queries = exportQueries(options.period);
    const files: string[] = [];
    for (const name of exportFiles) {
      const file = path.resolve(options.outDir, `${name}.${options.format}`);
      const to =
        options.format === "csv"
          ? "(format csv, header true, delimiter ',', quote '\"', new_line '\r\n')"
          : "(format parquet, compression zstd)";
      await connection.run(`copy (${queries[name]}) to '${file.replaceAll("'", "''")}' ${to}`);
      files.push(file);
    }
    return { events, seconds: (performance.now() - started) / 1000, files };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
