import { spawn } from "node:child_process";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { periodOf } from "@hirestream/contracts/analytics/analytics-period.ts";
import type { EventStore } from "@hirestream/eventstore/event-store.ts";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import Papa from "papaparse";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ExportFormat, exportAnalytics } from "./export-analytics.ts";
import { appendAnalyticsHistory, ids } from "./testing/analytics-history.ts";

const script = path.join(import.meta.dirname, "../export-analytics.ts");
let url: string;
let pool: pg.Pool;
let store: PostgresEventStore;

beforeAll(async () => {
  url = await createTestDatabase(inject("postgresAdminUrl"));
  pool = new pg.Pool({ connectionString: url, max: 4 });
  store = new PostgresEventStore({ pool });
  await appendAnalyticsHistory(store);
});
afterAll(async () => {
  await store.close();
  await pool.end();
});

const outDir = () => mkdtemp(path.join(tmpdir(), "hirestream-analytics-"));

async function exported(options: { format?: ExportFormat; from?: string; to?: string; user?: string } = {}) {
  const out = await outDir();
  await exportAnalytics({
    store,
    workspaceId: ids.workspace,
    period: periodOf({ from: options.from, to: options.to }),
    format: options.format ?? "csv",
    outDir: out,
    user: options.user,
    pageSize: 7,
  });
  return out;
}

/** A CSV file's rows as objects, every cell as written. */
async function csv(dir: string, name: string): Promise<Record<string, string>[]> {
  const text = await readFile(path.join(dir, `${name}.csv`), "utf8");
  expect(text.endsWith("\r\n")).toBe(true);
  return Papa.parse<Record<string, string>>(text.trimEnd(), { header: true, newline: "\r\n" }).data;
}

const pick = (rows: Record<string, string>[], columns: string[]) =>
  rows.map((row) => columns.map((column) => row[column]));

describe("npm run export-analytics", () => {
  it("writes the stage funnel, time in stage, step performance, time to first reply and member activity the log holds", async () => {
    const dir = await exported();
    expect((await readdir(dir)).sort()).toEqual([
      "member_activity.csv",
      "stage_funnel.csv",
      "step_performance.csv",
      "time_in_stage.csv",
      "time_to_first_reply.csv",
    ]);
    const funnel = await csv(dir, "stage_funnel");
    expect(
      pick(funnel, [
        "project_name",
        "stage_position",
        "stage_name",
        "entered",
        "left",
        "converted_to_next",
        "conversion_to_next",
      ]),
    ).toEqual([
      ["'=SUM(A1)", "1", "Applied", "1", "0", "0", "0.0"],
      ["'=SUM(A1)", "2", "'-Hired", "0", "0", "", ""],
      ["Backend", "1", "Sourced", "4", "3", "3", "0.75"],
      ["Backend", "2", "Contacted", "3", "2", "1", "0.3333"],
      ["Backend", "3", "Interview", "1", "0", "", ""],
    ]);
    const stays = await csv(dir, "time_in_stage");
    expect(pick(stays, ["project_name", "stage_name", "stays", "median_hours", "p90_hours"])).toEqual([
      ["'=SUM(A1)", "Applied", "0", "", ""],
      ["'=SUM(A1)", "'-Hired", "0", "", ""],
      ["Backend", "Sourced", "3", "12.0", "21.6"],
      ["Backend", "Contacted", "2", "36.0", "45.6"],
      ["Backend", "Interview", "0", "", ""],
    ]);
    const steps = await csv(dir, "step_performance");
    const stepColumns = [
      "project_name",
      "sequence_name",
      "step",
      "step_name",
      "sent",
      "sent_tracked",
      "opened_by_people",
      "machine_opens",
      "replied",
      "bounced",
      "opted_out",
    ];
    expect(pick(steps, stepColumns)).toEqual([
      ["Backend", "Intro", "1", "Hello", "3", "2", "1", "1", "1", "1", "1"],
      ["Backend", "Intro", "2", "Follow up", "1", "1", "0", "0", "1", "0", "0"],
    ]);
    const replies = await csv(dir, "time_to_first_reply");
    expect(
      pick(replies, [
        "project_name",
        "sequence_name",
        "contacted",
        "replied",
        "reply_rate",
        "median_hours",
        "p90_hours",
      ]),
    ).toEqual([["Backend", "Intro", "3", "2", "0.6667", "15.0", "25.4"]]);
    const members = await csv(dir, "member_activity");
    expect(
      pick(members, [
        "name",
        "email",
        "role",
        "candidates_added",
        "candidates_moved",
        "candidates_removed",
        "payloads_sent",
        "projects_created",
        "sequences_created",
        "total",
      ]),
    ).toEqual([
      ["Ann Test", "ann@example.com", "owner", "2", "0", "0", "0", "2", "1", "5"],
      ["Bo Test", "bo@example.com", "manager", "0", "0", "0", "0", "0", "0", "0"],
      ["Cy Test", "cy@example.com", "collaborator", "3", "4", "1", "1", "0", "0", "9"],
    ]);
  });

  it("counts only the period asked for: --from and --to are whole UTC days, the cohorts followed to the period's end", async () => {
    const dir = await exported({ from: "2026-11-01", to: "2026-11-03" });
    const funnel = await csv(dir, "stage_funnel");
    expect(
      pick(funnel, ["project_name", "stage_name", "entered", "left", "converted_to_next", "conversion_to_next"]),
    ).toEqual([
      ["'=SUM(A1)", "Applied", "1", "0", "0", "0.0"],
      ["'=SUM(A1)", "'-Hired", "0", "0", "", ""],
      ["Backend", "Sourced", "2", "2", "2", "1.0"],
      ["Backend", "Contacted", "2", "1", "0", "0.0"],
      ["Backend", "Interview", "0", "0", "", ""],
    ]);
    const stays = await csv(dir, "time_in_stage");
    expect(pick(stays, ["stage_name", "stays", "median_hours", "p90_hours"]).slice(2)).toEqual([
      ["Sourced", "2", "15.0", "22.2"],
      ["Contacted", "1", "24.0", "24.0"],
      ["Interview", "0", "", ""],
    ]);
    const steps = await csv(dir, "step_performance");
    expect(
      pick(steps, [
        "step",
        "sent",
        "sent_tracked",
        "opened_by_people",
        "machine_opens",
        "replied",
        "bounced",
        "opted_out",
      ]),
    ).toEqual([
      ["1", "2", "1", "1", "1", "0", "1", "0"],
      ["2", "1", "1", "0", "0", "1", "0", "0"],
    ]);
    const replies = await csv(dir, "time_to_first_reply");
    expect(pick(replies, ["contacted", "replied", "reply_rate", "median_hours", "p90_hours"])).toEqual([
      ["2", "1", "0.5", "28.0", "28.0"],
    ]);
    const members = await csv(dir, "member_activity");
    expect(
      pick(members, ["name", "candidates_added", "candidates_moved", "candidates_removed", "payloads_sent", "total"]),
    ).toEqual([
      ["Ann Test", "1", "0", "0", "0", "1"],
      ["Bo Test", "0", "0", "0", "0", "0"],
      ["Cy Test", "2", "2", "1", "1", "6"],
    ]);
  });

  it("writes the same bytes from the same log, in CSV and in Parquet, and Parquet holds the same figures", async () => {
    for (const format of ["csv", "parquet"] as const) {
      const [first, second] = [await exported({ format }), await exported({ format })];
      for (const file of await readdir(first)) {
        expect(
          Buffer.compare(await readFile(path.join(first, file)), await readFile(path.join(second, file))),
          file,
        ).toBe(0);
      }
    }
    const parquet = await exported({ format: "parquet" });
    const instance = await DuckDBInstance.create(":memory:");
    const connection = await instance.connect();
    try {
      const read = await connection.runAndReadAll(
        `select project_name, stage_name, entered, "left", conversion_to_next from read_parquet('${path.join(parquet, "stage_funnel.parquet")}')`,
      );
      expect(read.getRowsJson()).toEqual([
        ["=SUM(A1)", "Applied", "1", "0", 0],
        ["=SUM(A1)", "-Hired", "0", "0", null],
        ["Backend", "Sourced", "4", "3", 0.75],
        ["Backend", "Contacted", "3", "2", 0.3333],
        ["Backend", "Interview", "1", "0", null],
      ]);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  it("run for a user, covers only the projects that user reaches", async () => {
    const dir = await exported({ user: "cy@example.com" });
    expect(pick(await csv(dir, "stage_funnel"), ["project_name"]).flat()).toEqual(["Backend", "Backend", "Backend"]);
    const byManager = await exported({ user: ids.bo });
    expect(new Set(pick(await csv(byManager, "stage_funnel"), ["project_name"]).flat())).toEqual(
      new Set(["'=SUM(A1)", "Backend"]),
    );
  });

  it("refuses a user who may not read the workspace, as it refuses one it does not know, and writes nothing", async () => {
    for (const user of ["dee@example.com", "nobody@example.com", ids.dee]) {
      const out = await outDir();
      await expect(
        exportAnalytics({ store, workspaceId: ids.workspace, period: periodOf({}), format: "csv", outDir: out, user }),
      ).rejects.toThrow(`${user} may not read workspace ${ids.workspace}.`);
      expect(await readdir(out)).toEqual([]);
    }
  });

  it("reads up to the head it took at the start, while appends go on beside it", async () => {
    const before = await csv(await exported(), "stage_funnel");
    // A store whose second page is read only after another candidacy was appended (and committed).
    let pages = 0;
    let appendedDuringExport = false;
    const live: EventStore = {
      appendToStream: (streamId, events, options) => store.appendToStream(streamId, events, options),
      appendToStreams: (appends) => store.appendToStreams(appends),
      readStream: (streamId, options) => store.readStream(streamId, options),
      readStreams: (reads) => store.readStreams(reads),
      subscribeToAll: (after, handler) => store.subscribeToAll(after, handler),
      headPosition: () => store.headPosition(),
      close: () => store.close(),
      async readAll(options) {
        if (++pages === 2) {
          await appendEvents(
            store,
            `candidacy-${ids.c(7)}`,
            [
              {
                type: "CandidacyAdded",
                data: {
                  candidacyId: ids.c(7),
                  projectId: ids.backend,
                  workspaceId: ids.workspace,
                  personId: ids.person(7),
                  stageId: ids.sourced,
                  stageName: "",
                  at: "2026-11-01T01:00:00.000Z",
                },
              },
            ],
            { occurredAt: "2026-11-01T01:00:00.000Z", actor: ids.cy },
          );
          appendedDuringExport = true;
        }
        return store.readAll(options);
      },
    };
    const out = await outDir();
    await exportAnalytics({
      store: live,
      workspaceId: ids.workspace,
      period: periodOf({}),
      format: "csv",
      outDir: out,
      pageSize: 7,
    });
    expect(appendedDuringExport).toBe(true);
    expect(await csv(out, "stage_funnel")).toEqual(before);
    const after = await csv(await exported(), "stage_funnel");
    expect(after.find((row) => row.stage_name === "Sourced")?.entered).toBe("5");
  });

  it("runs as a command with a progress bar and events per second, and exits 3 on a refusal", async () => {
    const out = await outDir();
    const ok = await run(["--workspace", ids.workspace, "--format", "parquet", "--out", out]);
    expect(ok.code).toBe(0);
    expect(ok.output).toMatch(/replaying the event log \[/);
    expect(ok.output).toMatch(/Replayed \d+ events in [\d.]+ s: \d+ events\/s\./);
    expect((await readdir(out)).length).toBe(5);
    const refused = await run(["--workspace", ids.workspace, "--user", "dee@example.com", "--out", out]);
    expect(refused.code).toBe(3);
    expect(refused.output).toContain(`dee@example.com may not read workspace ${ids.workspace}.`);
    const wrong = await run(["--workspace", ids.workspace, "--from", "2026-11-05", "--to", "2026-11-01"]);
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain("the period's start comes after its end");
  }, 60_000);
});

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const { EVENTSTORE_URL: _ignored, ...env } = process.env;
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...env, DATABASE_URL: url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}
