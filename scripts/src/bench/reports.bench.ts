import path from "node:path";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import type pg from "pg";
import type { Page } from "playwright-core";
import { appendExportHistory } from "./export-seed.ts";
import { waitForProjector } from "./pipeline-seed.ts";
import { firstPage, freshProfile, pageErrors, pause } from "./web-browser.ts";
import { BENCH_PASSWORD } from "./web-design-seed.ts";
import { rowSelectors } from "./web-first-screen.bench.ts";
import { firstRowShown, installFirstRowProbe, readFirstRow, readLoadSteps } from "./web-first-screen-probes.ts";
import { seedUser } from "./web-seed.ts";
import { startBrowserBench } from "./web-server.ts";

/** A bar of the first chart (the stage funnel) as recharts draws it: the chart has drawn data. */
export const firstChartBar = ".recharts-bar-rectangle";

export type ReportsCall = "whole" | "project" | "period" | "funnel";

export interface ReportsBenchResult {
  chromium: string;
  events: number;
  seedSeconds: number;
  /** From the first append until every read model (the analytics facts too) had the whole history. */
  projectedSeconds: number;
  facts: number;
  /** Navigation start to the first chart's first bar, per load: the first right after sign-in, then reloads. */
  loads: number[];
  /** The same loads' GET of the reports: when the page sent it and when its answer was in (page time). */
  pageCalls: ({ sentMs: number; answeredMs: number } | null)[];
  /** GET /api/v1/workspaces/{id}/reports from Node, per call (after one unmeasured call). */
  api: Record<ReportsCall, number[]>;
  period: { from: string; to: string };
}

/** When the analytics facts read model has projected up to `head` (it keeps a position of its own). */
async function waitForFacts(pool: pg.Pool, head: number, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ position: string }>(
      "select position from read.projection_states where name = 'analytics_facts'",
    );
    if (Number(rows[0]?.position ?? 0) >= head) return;
    if (performance.now() > deadline) throw new Error(`the analytics facts did not reach ${head} in ${timeoutMs} ms`);
    await pause(100);
  }
}

/** The page's first GET of the reports (since the funnel goes first, the funnel's) as resource timing saw it. */
function readReportsCall(): { sentMs: number; answeredMs: number } | null {
  const call = performance
    .getEntriesByType("resource")
    .find((entry) => /\/api\/v1\/workspaces\/[^/]+\/reports(\?|$)/.test(entry.name));
  if (!call || !("responseEnd" in call) || typeof call.responseEnd !== "number") return null;
  return { sentMs: call.startTime, answeredMs: call.responseEnd };
}

/** Page time of the probe's element (a project row, a chart's bar) first in the DOM. */
async function waitForProbe(page: Page, errors: string[]): Promise<number> {
  await page.waitForFunction(firstRowShown, undefined, { timeout: 120_000, polling: 20 }).catch(() => {
    throw new Error(`nothing probed at ${page.url()} within 120 s; page errors: ${errors.join(" / ")}`);
  });
  const probe = await page.evaluate(readFirstRow);
  if (!probe || probe.firstRowMs === null) throw new Error("the probe did not run");
  return probe.firstRowMs;
}

/**
 * The Reports page of a workspace of `events` events (the export bench's history, owned by a user
 * who signed up through the API), projected by the live projector while it was appended: the API
 * call's own time for the whole log, one project and a period, then the page in Chromium signed in
 * through the sign-in form, its first chart timed from navigation start, load after load.
 */
export async function benchReports(
  databaseUrl: string,
  options: { repoRoot: string; events: number; loads: number; calls: number; log: (line: string) => void },
): Promise<ReportsBenchResult> {
  const { log } = options;
  const bench = await startBrowserBench(databaseUrl, {
    repoRoot: options.repoRoot,
    folder: "bench-reports",
    poolSize: 4,
    log,
  });
  const { workDir, chromium, server, pool } = bench;
  const store = new PostgresEventStore({ pool });
  try {
    const user = await seedUser(pool, server.url, 1);
    const email = user.session.uid;
    if (!email) throw new Error("the sign-up answer named no user");
    const started = performance.now();
    let reported = 0;
    const seed = await appendExportHistory(pool, store, {
      events: options.events,
      concurrency: 2,
      owner: user.userId,
      onProgress(events) {
        if (events - reported < 200_000) return;
        reported = events;
        log(`  appended ${events} events`);
      },
    });
    const seedSeconds = (performance.now() - started) / 1000;
    log(`  appended ${seed.events} events in ${seedSeconds.toFixed(1)} s; the live projector goes on`);
    const head = await store.headPosition();
    await waitForProjector(pool, store, 1_800_000);
    await waitForFacts(pool, head, 1_800_000);
    const projectedSeconds = (performance.now() - started) / 1000;
    const { rows: counted } = await pool.query<{ n: string }>(
      "select count(*) as n from read.analytics_facts where workspace_id = $1",
      [seed.workspaceId],
    );
    const facts = Number(counted[0]?.n ?? 0);
    log(`  every read model had them ${projectedSeconds.toFixed(1)} s after the first append (${facts} facts)`);
    // What autovacuum does to a table after a million inserts, settled now rather than mid-measurement.
    await pool.query("vacuum analyze read.analytics_facts");

    const { rows: projects } = await pool.query<{ id: string }>(
      "select id from read.projects where workspace_id = $1 order by name limit 1",
      [seed.workspaceId],
    );
    const projectId = projects[0]?.id;
    if (!projectId) throw new Error("the seeded workspace has no project");
    const period = { from: "2026-03-01", to: "2026-06-01" };
    const queries: Record<ReportsCall, string> = {
      whole: "",
      project: `?project_id=${projectId}`,
      period: `?from=${period.from}&to=${period.to}`,
      // What the page asks for first: the whole log's stage funnel alone.
      funnel: "?figures=stage_funnel",
    };
    const api: Record<ReportsCall, number[]> = { whole: [], project: [], period: [], funnel: [] };
    for (const call of Object.keys(queries) as ReportsCall[]) {
      for (let n = 0; n <= options.calls; n++) {
        const callStarted = performance.now();
        const response = await fetch(`${server.url}/api/v1/workspaces/${seed.workspaceId}/reports${queries[call]}`, {
          headers: user.session,
        });
        const body = await response.text();
        const ms = performance.now() - callStarted;
        if (response.status !== 200) throw new Error(`GET reports (${call}): ${response.status} ${body.slice(0, 200)}`);
        if (n > 0) api[call].push(ms);
      }
      log(`  GET reports, ${call}: ${api[call].map((ms) => ms.toFixed(0)).join(", ")} ms`);
    }

    const context = await freshProfile(path.join(workDir, "profile"), server.url, "allow");
    try {
      const signInPage = await firstPage(context);
      await signInPage.addInitScript(installFirstRowProbe, { rowSelector: rowSelectors.projects, credentials: null });
      const signInErrors = pageErrors(signInPage);
      await signInPage.goto("/sign_in");
      await signInPage.getByRole("textbox", { name: /^Email/ }).fill(email);
      await signInPage.locator("input[type=password]").first().fill(BENCH_PASSWORD);
      await signInPage.getByRole("button", { name: "Login" }).click();
      await waitForProbe(signInPage, signInErrors);
      const page = await context.newPage();
      await signInPage.close();
      await page.addInitScript(installFirstRowProbe, { rowSelector: firstChartBar, credentials: null });
      const errors = pageErrors(page);
      const loads: number[] = [];
      const pageCalls: ReportsBenchResult["pageCalls"] = [];
      for (let load = 0; load < options.loads; load++) {
        await page.goto(`/workspaces/${seed.workspaceId}/reports`);
        loads.push(await waitForProbe(page, errors));
        const call = await page.evaluate(readReportsCall);
        pageCalls.push(call);
        // The app's own steps (web/src/load-steps.ts) beside the call: whether the chart waited on the answer or on the app.
        const { steps } = await page.evaluate(readLoadSteps, loads.at(-1) ?? 0);
        const stepList = Object.entries(steps)
          .map(([step, ms]) => `${step} ${ms.toFixed(0)}`)
          .join(", ");
        log(
          `  Reports page, first chart ${loads.at(-1)?.toFixed(0)} ms; its GET sent ${call?.sentMs.toFixed(0)}, ` +
            `answered ${call?.answeredMs.toFixed(0)} ms; ${stepList}`,
        );
        await pause(500);
      }
      return { chromium, events: seed.events, seedSeconds, projectedSeconds, facts, loads, pageCalls, api, period };
    } finally {
      await context.close();
    }
  } finally {
    await store.close();
    await bench.stop();
  }
}
