import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { type FirstSyncProbe, installFirstSyncProbe, readFirstSyncProbe } from "./browser/first-sync-probes.ts";
import { waitForReplica } from "./people-render.bench.ts";
import {
  installTalentPoolLoadProbe,
  readTalentPoolLoad,
  type TalentPoolLoad,
  talentPoolLoaded,
} from "./people-render-probes.ts";
import { personRecordsLayout } from "./person-records-layout.ts";
import { holdRawCopy, type RawStoreCopy, type RawWrite, readRawCopy, writeRawCopy } from "./pipeline-probes.ts";
import { profileIfAsked } from "./pipeline-profile.ts";
import { type BoardMovesOptions, type BoardMovesResult, measureBoardMoves } from "./pipeline-remote.ts";
import { type SeededPipeline, seedPipeline } from "./pipeline-seed.ts";
import { traceSyncIfAsked } from "./pipeline-trace.ts";
import { cpuSpent, describeCpu, processCpu } from "./process-cpu.ts";
import { credentialsOf, firstPage, freshProfile, pageErrors, pause } from "./web-browser.ts";
import { REPLICA_DB } from "./web-first-sync.ts";
import { startBrowserBench } from "./web-server.ts";

/** A candidate's stage dropdown: one per row of the board. */
const STAGE_ROW = 'select[aria-label^="Stage of "]';

export interface PipelineBenchResult {
  chromium: string;
  candidates: number;
  stages: number;
  seedSeconds: number;
  /** The fresh profile's first load of the board: socket, snapshot, replica full. */
  firstSync: FirstSyncProbe;
  /** The same load: the first candidate's row on screen. */
  firstLoad: TalentPoolLoad;
  /** Raw IndexedDB writing the people and candidacies the replica then held, in the same profile. */
  raw: RawReference;
  /** CPU seconds by process (process-cpu.ts) from navigation to the first catch-up's end, and over one raw round. */
  cpu: { sync: string; rawRound: string };
  moves: BoardMovesResult;
}

export interface PipelineBenchOptions {
  repoRoot: string;
  candidates: number;
  /** Moves per second sent to the board's project, for how long (after an untimed warm-up), by how many writers. */
  moves: BoardMovesOptions;
  log: (line: string) => void;
}

/** The first catch-up's end (the probe's `caughtUpMs`), after the replica holds every candidacy. */
async function waitForCaughtUp(page: Page, errors: string[]): Promise<FirstSyncProbe> {
  const deadline = performance.now() + 120_000;
  for (;;) {
    const probe = await page.evaluate(readFirstSyncProbe);
    if (probe && probe.caughtUpMs !== null) return probe;
    if (performance.now() > deadline)
      throw new Error(`the first catch-up had not ended after 120 s; page errors: ${errors.join(" / ")}`);
    await pause(100);
  }
}

/** Opens the board in the fresh profile and waits for the project to be synced whole, people and candidacies. */
async function firstLoad(context: BrowserContext, seeded: SeededPipeline, candidates: number) {
  const page = await firstPage(context);
  await page.addInitScript(installFirstSyncProbe, {
    credentials: credentialsOf(seeded.session),
    dbName: REPLICA_DB,
    table: "candidacies",
    expectedRows: candidates,
    untilCaughtUp: true,
    // The project's count, kept with its candidacies (web/src/replica/pipeline-counts.ts): counting
    // 20,000 candidacies over and over took about 1.9 s of IndexedDB's time from the sync's writes.
    countFrom: { store: "pipeline_counts", key: seeded.projectId, field: "all" },
  });
  await page.addInitScript(installTalentPoolLoadProbe, STAGE_ROW);
  const errors = pageErrors(page);
  const profiler = await profileIfAsked(page);
  const tracer = await traceSyncIfAsked(page, "first-sync");
  const cpuBefore = processCpu();
  await page.goto(`/workspaces/${seeded.workspaceId}/project/${seeded.projectId}`);
  await waitForReplica(page, candidates, errors);
  const firstSync = await waitForCaughtUp(page, errors);
  const cpu = describeCpu(cpuSpent(cpuBefore, processCpu()));
  if (profiler) for (const line of await profiler.stop()) console.log(`  ${line}`);
  if (tracer) for (const line of await tracer.stop()) console.log(`  ${line}`);
  await page.waitForFunction(talentPoolLoaded, undefined, { timeout: 30_000, polling: 50 });
  const load = await page.evaluate(readTalentPoolLoad);
  if (!load) throw new Error("the board's load probe did not run");
  // Settles as a user's first visit does, then goes away: the first-sync probe's IndexedDB reads
  // and screen checks must not run beside the measured moves (the session stays in the profile).
  await pause(2000);
  await page.close();
  return { firstSync, firstLoad: load, cpu };
}

export interface RawReference {
  rows: number;
  /** Each round's time, ms. */
  rounds: number[];
  /** CPU seconds by process over the last round (process-cpu.ts). */
  cpu: string;
  /**
   * The same rows in person records holding their candidacies (person-records-layout.ts): records
   * written, and each round's time, ms, alternated with the replica's layout.
   */
  personRecords: { records: number; rounds: number[] };
}

/**
 * The first sync's raw reference: the rows the replica holds, read in a page of the app's origin
 * that runs no app (its icon) in the profile that synced, then put in one transaction, three
 * times, each time in a fresh profile as the sync had (an origin's databases share one LevelDB,
 * and a copy written and deleted in the synced profile made each round slower than the one before);
 * each round followed by one of the same rows in person records holding their candidacies.
 */
async function rawReference(context: BrowserContext, workDir: string, baseURL: string): Promise<RawReference> {
  const reading = await context.newPage();
  let stores: RawStoreCopy[];
  try {
    await reading.goto("/favicon.svg");
    stores = await reading.evaluate(readRawCopy, { replica: REPLICA_DB, stores: ["people", "candidacies"] });
  } finally {
    await reading.close();
  }
  const merged = personRecordsLayout(stores);
  const rounds: number[] = [];
  const personRecords = { records: merged.reduce((sum, store) => sum + store.rows.length, 0), rounds: [] as number[] };
  let rows = 0;
  let cpu = "";
  for (let round = 0; round < 3; round++) {
    // The replica's layout, then the other, round by round: a machine busier for a while slows both.
    const written = await rawRound(workDir, baseURL, stores, round === 2);
    rows = written.rows;
    rounds.push(written.ms);
    cpu = written.cpu;
    personRecords.rounds.push((await rawRound(workDir, baseURL, merged, false)).ms);
  }
  return { rows, rounds, cpu, personRecords };
}

/** One raw round in a fresh profile: `stores` put in one transaction, and the CPU it took by process. */
async function rawRound(
  workDir: string,
  baseURL: string,
  stores: RawStoreCopy[],
  traced: boolean,
): Promise<RawWrite & { cpu: string }> {
  const fresh = await freshProfile(path.join(workDir, "raw-profile"), baseURL, "block");
  try {
    const page = await firstPage(fresh);
    await page.goto("/favicon.svg");
    await page.evaluate(holdRawCopy, stores);
    const tracer = traced ? await traceSyncIfAsked(page, "raw") : null;
    const before = processCpu();
    const written = await page.evaluate(writeRawCopy);
    const cpu = describeCpu(cpuSpent(before, processCpu()));
    if (tracer) for (const line of await tracer.stop()) console.log(`  ${line}`);
    return { ...written, cpu };
  } finally {
    await fresh.close();
  }
}

/**
 * A project with many candidates on two browsers: the web app built as `npm start` builds it,
 * served by the API on its own thread with the projector on another, the board (the project's
 * People tab) in Debian's Chromium through playwright-core, moves sent over HTTP.
 */
export async function benchPipeline(databaseUrl: string, options: PipelineBenchOptions): Promise<PipelineBenchResult> {
  const { log } = options;
  const bench = await startBrowserBench(databaseUrl, {
    repoRoot: options.repoRoot,
    folder: "bench-pipeline",
    poolSize: 5,
    log,
  });
  const { workDir, chromium, server, pool } = bench;
  try {
    const seedStarted = performance.now();
    const seeded = await seedPipeline(pool, server.url, options.candidates);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(`  seeded ${options.candidates} people and candidates, projected, in ${seedSeconds.toFixed(1)} s`);

    const context = await freshProfile(path.join(workDir, "profile"), server.url, "allow");
    try {
      const loaded = await firstLoad(context, seeded, options.candidates);
      log(
        `  first load: socket ${loaded.firstSync.socketMs?.toFixed(0)} ms, first frame ` +
          `${loaded.firstSync.firstFrameMs?.toFixed(0)} ms, first row ${loaded.firstLoad.firstRowMs?.toFixed(0)} ms, ` +
          `candidacies in ${loaded.firstSync.replicaFullMs?.toFixed(0)} ms, caught up ${loaded.firstSync.caughtUpMs?.toFixed(0)} ms`,
      );
      const raw = await rawReference(context, workDir, server.url);
      log(`  CPU from navigation to caught up: ${loaded.cpu}`);
      log(`  raw IndexedDB: ${raw.rows} rows in ${raw.rounds.map((ms) => ms.toFixed(0)).join(", ")} ms`);
      log(`  CPU of the last raw round: ${raw.cpu}`);
      log(
        `  raw IndexedDB, candidacies in their people's records: ${raw.personRecords.records} records in ` +
          `${raw.personRecords.rounds.map((ms) => ms.toFixed(0)).join(", ")} ms`,
      );
      const moves = await measureBoardMoves(context, seeded, server.url, options.moves);
      log(
        `  moves: ${moves.commands} at ${moves.perSecond.toFixed(0)}/s, ${moves.screen.latencies.length} on screen ` +
          `timed, answers ${moves.statuses}, ${moves.screen.unseen} never shown, ${moves.screen.ambiguous} ambiguous, ` +
          `settled ${moves.settledAfterMs === null ? "never" : `${moves.settledAfterMs.toFixed(0)} ms`} after the last answer`,
      );
      // The seeded avatars live on a made-up domain: their failed loads are expected, anything else is news.
      const errors = moves.pageErrors.filter((error) => !error.includes("ERR_NAME_NOT_RESOLVED"));
      if (errors.length > 0) log(`  page errors: ${errors.join(" / ")}`);
      return {
        chromium,
        candidates: options.candidates,
        stages: seeded.stages.length,
        seedSeconds,
        firstSync: loaded.firstSync,
        firstLoad: loaded.firstLoad,
        raw,
        cpu: { sync: loaded.cpu, rawRound: raw.cpu },
        moves,
      };
    } finally {
      await context.close();
    }
  } finally {
    await bench.stop();
  }
}
