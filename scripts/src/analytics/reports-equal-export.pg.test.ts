import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { formulaStart } from "@hirestream/api/analytics/stats-csv.ts";
import { type SignedIn, signUpUser, startTestApp, type TestApp } from "@hirestream/api/testing/test-app.ts";
import { periodOf } from "@hirestream/contracts/analytics/analytics-period.ts";
import { reportsDocument } from "@hirestream/contracts/analytics/reports.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportAnalytics } from "./export-analytics.ts";
import { appendAnalyticsHistory, ids } from "./testing/analytics-history.ts";

// The Reports page's figures, counted by the analytics facts projection and Postgres, are the
// analytics export's, counted by a replay of the log and DuckDB: the export's known history goes
// through both and every figure of every row is compared.

let t: TestApp;
let head = 0;
const members = new Map<WorkspaceRole | "stranger", SignedIn>();

beforeAll(async () => {
  t = await startTestApp();
  await appendAnalyticsHistory(t.store);
  // One outcome days after its message: inside a period that holds both, outside one that ends between.
  const run = { processorId: ids.run(1), projectId: ids.backend, workspaceId: ids.workspace };
  await appendEvents(
    t.store,
    `processor-${ids.run(1)}`,
    [
      {
        type: "MessageOpened",
        data: { ...run, position: 2, messageId: "<m2>", kind: "human", at: "2026-11-04T08:00:00.000Z" },
      },
    ],
    { occurredAt: "2026-11-04T08:00:00.000Z", actor: null },
  );
  for (const role of ["owner", "manager", "collaborator", "viewer", "stranger"] as const) {
    const user = await signUpUser(t.app, `${role}@reports.example.com`);
    members.set(role, user);
    if (role === "stranger") continue;
    const added = await appendEvents(
      t.store,
      `workspace-${ids.workspace}`,
      [{ type: "WorkspaceMemberAdded", data: { workspaceId: ids.workspace, userId: user.userId, role } }],
      { occurredAt: "2026-12-01T00:00:00.000Z", actor: null },
    );
    head = added.position;
  }
});
afterAll(async () => {
  await t.close();
});

function member(role: WorkspaceRole | "stranger"): SignedIn {
  const user = members.get(role);
  if (!user) throw new Error(`no ${role} signed up`);
  return user;
}

const reports = (role: WorkspaceRole | "stranger", rest = "", workspaceId: string = ids.workspace) =>
  t.app.inject({
    method: "GET",
    url: `/api/v1/workspaces/${workspaceId}/reports${rest}`,
    headers: { ...member(role).headers, "x-min-position": String(head) },
  });

const figures = ["stage_funnel", "time_in_stage", "step_performance"] as const;

/** The export's CSV files of the figures the Reports show, each row's cells as written. */
async function exported(from?: string, to?: string) {
  const outDir = await mkdtemp(path.join(tmpdir(), "hirestream-reports-"));
  await exportAnalytics({
    store: t.store,
    workspaceId: ids.workspace,
    period: periodOf({ from, to }),
    format: "csv",
    outDir,
  });
  const files: Record<string, Record<string, string>[]> = {};
  for (const name of figures) {
    const text = await readFile(path.join(outDir, `${name}.csv`), "utf8");
    files[name] = Papa.parse<Record<string, string>>(text.trimEnd(), { header: true, newline: "\r\n" }).data;
  }
  return files;
}

/** An answer's row as the export's CSV writes it: empty for none, text made formula-safe. */
const asCsv = (row: Record<string, string | number | null>) =>
  Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      value === null ? "" : typeof value === "number" ? value : formulaStart.test(value) ? `'${value}` : value,
    ]),
  );
/** The CSV's numbers as numbers (DuckDB writes 0.0 where JSON says 0). */
const parsedCsv = (row: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      value !== "" && /^-?\d+(\.\d+)?$/.test(value) && !column.endsWith("_id") ? Number(value) : value,
    ]),
  );

async function expectSameFigures(query: { from?: string; to?: string; project?: string }) {
  const params = new URLSearchParams();
  if (query.project) params.set("project_id", query.project);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  const response = await reports("manager", `?${params}`);
  expect(response.statusCode, response.body).toBe(200);
  const { attributes } = reportsDocument.parse(response.json()).data;
  const files = await exported(query.from, query.to);
  for (const name of figures) {
    const fromExport = (files[name] ?? [])
      .filter((row) => query.project === undefined || row.project_id === query.project)
      .map(parsedCsv);
    const fromReports = (attributes[name] ?? []).map(asCsv);
    expect(attributes[name], name).toBeDefined();
    expect(fromReports, name).toEqual(fromExport);
  }
  return attributes;
}

describe("GET /workspaces/{id}/reports", () => {
  it("answers every figure of the whole log as the export writes it", async () => {
    const attributes = await expectSameFigures({});
    // Not vacuous: the history moves people through stages and sends steps.
    expect(attributes.stage_funnel?.some((row) => row.entered > 0 && (row.converted_to_next ?? 0) > 0)).toBe(true);
    expect(attributes.time_in_stage?.some((row) => row.median_hours !== null)).toBe(true);
    expect(attributes.step_performance?.some((row) => row.sent > 0 && row.replied > 0)).toBe(true);
  });

  it("answers a period's figures as the export writes them for the same --from and --to", async () => {
    await expectSameFigures({ from: "2026-11-01", to: "2026-11-01" });
    await expectSameFigures({ from: "2026-11-01", to: "2026-11-03" });
    await expectSameFigures({ from: "2026-11-02" });
    await expectSameFigures({ from: "2026-11-02", to: "2026-11-04" });
  });

  it("answers one project's figures as the export's rows of that project", async () => {
    const attributes = await expectSameFigures({ project: ids.backend });
    expect(new Set(attributes.stage_funnel?.map((row) => row.project_id))).toEqual(new Set([ids.backend]));
    await expectSameFigures({ project: ids.design, from: "2026-11-01", to: "2026-11-03" });
  });

  it("downloads each chart's figures as a CSV with the export's columns, rows and formula-safe names", async () => {
    const files = await exported("2026-11-01", "2026-11-03");
    for (const name of figures) {
      const response = await reports("owner", `/${name}/csv?from=2026-11-01&to=2026-11-03`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toContain(`${name}.csv`);
      const text = response.body;
      expect(text.endsWith("\r\n")).toBe(true);
      const rows = Papa.parse<Record<string, string>>(text.trimEnd(), { header: true, newline: "\r\n" }).data;
      expect(rows.map(parsedCsv), name).toEqual((files[name] ?? []).map(parsedCsv));
    }
    expect((await reports("collaborator", "/stage_funnel/csv")).statusCode).toBe(403);
    expect((await reports("owner", "/member_activity/csv")).statusCode).toBe(404);
  });

  it("is for the workspace's owners and managers: others are refused, strangers told there is no such workspace", async () => {
    expect((await reports("owner")).statusCode).toBe(200);
    expect((await reports("manager")).statusCode).toBe(200);
    expect((await reports("collaborator")).statusCode).toBe(403);
    expect((await reports("viewer")).statusCode).toBe(403);
    expect((await reports("stranger")).statusCode).toBe(404);
    expect((await reports("manager", "", ids.otherWorkspace)).statusCode).toBe(404);
  });

  it("never counts another workspace's project, and refuses a period that ends before it starts", async () => {
    expect((await reports("manager", `?project_id=${ids.elsewhere}`)).statusCode).toBe(404);
    const body = (await reports("manager")).body;
    expect(body).not.toContain(ids.elsewhere);
    expect(body).not.toContain(ids.otherStage);
    const backwards = await reports("manager", "?from=2026-11-03&to=2026-11-01");
    expect(backwards.statusCode).toBe(422);
  });

  it("answers only the figures `figures` names, each as the whole answer counts it", async () => {
    const whole = reportsDocument.parse((await reports("manager", "?from=2026-11-02")).json()).data.attributes;
    const funnel = await reports("manager", "?from=2026-11-02&figures=stage_funnel");
    expect(funnel.statusCode, funnel.body).toBe(200);
    const funnelOnly = reportsDocument.parse(funnel.json()).data.attributes;
    expect(Object.keys(funnelOnly).sort()).toEqual(["from", "project_id", "stage_funnel", "to"]);
    expect(funnelOnly.stage_funnel).toEqual(whole.stage_funnel);
    const rest = await reports("manager", "?from=2026-11-02&figures=step_performance,time_in_stage");
    expect(rest.statusCode, rest.body).toBe(200);
    const restOnly = reportsDocument.parse(rest.json()).data.attributes;
    expect(restOnly.stage_funnel).toBeUndefined();
    expect(restOnly.time_in_stage).toEqual(whole.time_in_stage);
    expect(restOnly.step_performance).toEqual(whole.step_performance);
  });

  it("refuses `figures` naming no figure or one it does not count, naming the parameter", async () => {
    for (const figures of ["member_activity", "stage_funnel,member_activity", ""]) {
      const response = await reports("manager", `?figures=${figures}`);
      expect(response.statusCode, figures).toBe(422);
      expect(JSON.stringify(response.json()), figures).toContain('"parameter":"figures');
    }
  });
});
