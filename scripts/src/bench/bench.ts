import { execFileSync } from "node:child_process";
import os from "node:os";
import { repoRoot } from "../runtime/config.ts";
import { CHROMIUM } from "../testing/chromium.ts";
import { ensureDebianPackages } from "../testing/debian-packages.ts";
import { type BenchCluster, freshDatabase, quiesce, startBenchCluster } from "./bench-cluster.ts";
import { benchEventStore } from "./event-store.bench.ts";
import { benchExport } from "./export.bench.ts";
import { exportFigures } from "./export.figures.ts";
import { eventStoreFigures, httpCommandFigures, peopleSearchFigures, projectionFigures } from "./figures.ts";
import { benchHttpCommands } from "./http-commands.bench.ts";
import { benchOutreach } from "./outreach.bench.ts";
import { outreachFigures } from "./outreach.figures.ts";
import { benchPeopleImport } from "./people-import.bench.ts";
import { peopleImportFigures } from "./people-import.figures.ts";
import { benchPeopleRender } from "./people-render.bench.ts";
import { peopleRenderFigures } from "./people-render.figures.ts";
import { benchPeopleSearch } from "./people-search.bench.ts";
import { benchPipeline } from "./pipeline.bench.ts";
import { pipelineFigures } from "./pipeline.figures.ts";
import { benchProjection } from "./projection.bench.ts";
import { benchReports } from "./reports.bench.ts";
import { reportsFigures } from "./reports.figures.ts";
import { type Figure, renderResults, renderTable, writeResults } from "./results.ts";
import { benchFirstScreen } from "./web-first-screen.bench.ts";
import { firstScreenFigures } from "./web-first-screen.figures.ts";
import { benchWebSync } from "./web-sync.bench.ts";
import { webSyncFigures } from "./web-sync.figures.ts";
import { benchAppWeight } from "./web-weight.bench.ts";
import { appWeightFigures } from "./web-weight.figures.ts";

// `npm run bench`: the budgets of DESIGN.md measured in one run on the bench's own Postgres cluster.
// Misses are reported, not thrown: the figures are the product. A stage that crashes exits 1.

const port = Number(process.env.BENCH_PGPORT ?? 54340);
const log = (line: string) => console.log(line);
const loadAverage = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(", ");
const figures: Figure[] = [];

/** The commit measured, and whether the working tree differed from it. */
function revision(): string {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: repoRoot, encoding: "utf8" }).trim();
    const dirty = git("status", "--porcelain").length > 0;
    return `${git("rev-parse", "--short", "HEAD")}${dirty ? " with uncommitted changes" : ""}`;
  } catch {
    return "unknown (not a git checkout)";
  }
}

// `BENCH_ONLY=http` (or appends, projection, people, web, weight, first-screen, people-web, pipeline, outreach, export, reports; comma-separated) runs some stages and prints without writing RESULTS.md.
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());

/** Runs one stage, chosen by any of its keys; a crash becomes a FAIL row and the next stage still runs. */
async function stage(key: string | string[], name: string, run: () => Promise<Figure[]>): Promise<void> {
  const keys = typeof key === "string" ? [key] : key;
  if (only && !keys.some((k) => only.includes(k))) return;
  log(`\n${name}`);
  if (cluster) await quiesce(cluster);
  const started = performance.now();
  try {
    figures.push(...(await run()));
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
    const message = error instanceof Error ? error.message : String(error);
    figures.push({
      name: `${name}: crashed`,
      value: message.replaceAll("|", "/").slice(0, 200),
      budget: "—",
      pass: false,
    });
  }
  log(`  (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

/** The stages that drive Debian's Chromium, as `npm test` does: a fresh machine has none. */
const browserStages = ["web", "weight", "first-screen", "people-web", "pipeline", "outreach", "reports"];
if (!only || only.some((key) => browserStages.includes(key))) {
  ensureDebianPackages([{ binary: CHROMIUM, debianPackage: "chromium", usedBy: "browser figures" }]);
}

let cluster: BenchCluster | undefined;
try {
  log(`Starting the bench's PostgreSQL (port ${port}, data in .data/bench-postgres)…`);
  const started = await startBenchCluster(repoRoot, port);
  cluster = started;
  const url = await freshDatabase(started, "bench");

  await stage("appends", "Event store appends vs raw INSERT (16 connections, 10 s per run, alternated)", async () =>
    eventStoreFigures(await benchEventStore(url, { durationMs: 10_000, rounds: 2, log })),
  );
  await stage("http", "Commands through HTTP (50 connections, 10 s per run)", async () =>
    httpCommandFigures(await benchHttpCommands(url, { durationSeconds: 10, workspaces: 200, log })),
  );
  await stage("projection", "Projection catch-up (separate database holding only the bench history)", async () => {
    const projectionUrl = await freshDatabase(started, "bench_projection");
    return projectionFigures(await benchProjection(projectionUrl, { users: 1000, workspaces: 50_000, log }));
  });
  await stage("people", "People: talent pool search over 100,000 people", async () => {
    const peopleUrl = await freshDatabase(started, "bench_people");
    return peopleSearchFigures(await benchPeopleSearch(peopleUrl, { people: 100_000, requestsPerTerm: 100, log }));
  });
  await stage(
    "web",
    "Browser: first sync, replica writes, local and remote actions (built web app in Chromium)",
    async () => {
      const webUrl = await freshDatabase(started, "bench_web");
      return webSyncFigures(
        await benchWebSync(webUrl, {
          repoRoot,
          rows: 10_000,
          toggles: 60,
          remote: { perSecond: 200, durationMs: 10_000 },
          log,
        }),
      );
    },
  );

  await stage(["web", "weight"], "Browser: the app's weight (JavaScript of each screen's first load)", async () =>
    appWeightFigures(await benchAppWeight(await freshDatabase(started, "bench_weight"), { repoRoot, log })),
  );

  await stage(
    "first-screen",
    "Browser: sign-in and first screens at DESIGN's size (10,000 people, 50,000 candidacies), warm starts",
    async () => {
      const firstUrl = await freshDatabase(started, "bench_first_screen");
      return firstScreenFigures(
        await benchFirstScreen(firstUrl, { repoRoot, people: 10_000, projects: 5, warmLoads: 5, freshLoads: 3, log }),
      );
    },
  );

  await stage(
    "people-web",
    "People end to end: CSV import of 400 rows through HTTP, Talent Pool over 10,000 people in Chromium",
    async () => {
      const importUrl = await freshDatabase(started, "bench_people_import");
      const imported = peopleImportFigures(await benchPeopleImport(importUrl, { rows: 400, runs: 5, log }));
      const renderUrl = await freshDatabase(started, "bench_people_render");
      const rendered = await benchPeopleRender(renderUrl, {
        repoRoot,
        people: 10_000,
        warmLoads: 5,
        pages: 10,
        freshLoads: 3,
        log,
      });
      return [...imported, ...peopleRenderFigures(rendered)];
    },
  );

  await stage(
    "pipeline",
    "Pipeline end to end: a project of 20,000 candidates, moves over HTTP to a second browser's board in Chromium",
    async () => {
      const pipelineUrl = await freshDatabase(started, "bench_pipeline");
      return pipelineFigures(
        await benchPipeline(pipelineUrl, {
          repoRoot,
          candidates: 20_000,
          moves: { perSecond: 200, durationMs: 10_000, warmUpMs: 2_000, writers: 50 },
          log,
        }),
      );
    },
  );

  await stage(
    "outreach",
    "Outreach: 10,000 due steps through the local transport; 10,000 runs on 20 credentials within their limits",
    async () => {
      const dueUrl = await freshDatabase(started, "bench_outreach");
      const limitedUrl = await freshDatabase(started, "bench_outreach_limits");
      return outreachFigures(await benchOutreach(dueUrl, limitedUrl, { candidates: 10_000, credentials: 20, log }));
    },
  );

  await stage("export", "Analytics export: a workspace of 1,000,000 events replayed into CSV and Parquet", async () => {
    const exportUrl = await freshDatabase(started, "bench_export");
    return exportFigures(await benchExport(exportUrl, { events: 1_000_000, log }));
  });

  await stage(
    "reports",
    "Browser: the Reports page of a workspace of 1,000,000 events (built web app in Chromium), and its API call",
    async () => {
      const reportsUrl = await freshDatabase(started, "bench_reports");
      return reportsFigures(await benchReports(reportsUrl, { repoRoot, events: 1_000_000, loads: 6, calls: 5, log }));
    },
  );

  const markdown = renderResults(figures, {
    date: new Date().toISOString(),
    nproc: os.availableParallelism(),
    node: process.version,
    postgres: started.version,
    postgresSettings: started.settings,
    loadAverage,
    revision: revision(),
    command: "npm run bench",
  });
  const file = only ? "nowhere (BENCH_ONLY set)" : writeResults(repoRoot, markdown);
  log(`\n${renderTable(figures)}\n\nWritten to ${file}`);
  const misses = figures.filter((f) => f.pass === false);
  if (misses.length > 0)
    log(`\n!!! ${misses.length} figure(s) MISSED their budget: ${misses.map((f) => f.name).join("; ")}`);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cluster?.postgres.stop();
}
