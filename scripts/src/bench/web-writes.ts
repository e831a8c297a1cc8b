import { type BrowserContext, chromium } from "playwright-core";
import { CHROMIUM } from "../testing/chromium.ts";
import {
  loadSnapshotFrame,
  type ReplicaTimes,
  replicaWriteReady,
  writeDexieBulkPut,
  writeRaw,
  writeThroughReplica,
} from "./browser/replica-write-probes.ts";
import { profileIfAsked } from "./pipeline-profile.ts";
import { CHROMIUM_FLAGS, firstPage, freshProfile } from "./web-browser.ts";

export interface WriteRound {
  rawMs: number;
  replica: ReplicaTimes;
  dexieMs: number;
}

export interface WriteRounds {
  rows: number;
  rounds: WriteRound[];
}

/**
 * Figure 2: the same snapshot frame written by the replica's code and by raw IndexedDB, in a page
 * of the app's origin. A warm-up of each first (JIT, IndexedDB's files), then alternated rounds.
 * Service workers are blocked: the app's worker would answer /bench/ with the app's index.html.
 */
async function measureWrites(
  context: BrowserContext,
  frame: string,
  rounds: number,
  log: (line: string) => void,
): Promise<WriteRounds> {
  const page = await firstPage(context);
  await page.goto("/bench/index.html");
  await page.waitForFunction(replicaWriteReady, undefined, { timeout: 30_000 });
  const rows = await page.evaluate(loadSnapshotFrame, frame);
  const measured: WriteRound[] = [];
  for (let run = 0; run <= rounds; run++) {
    const rawMs = await page.evaluate(writeRaw, run);
    const profiler = run === 1 ? await profileIfAsked(page, "replica-write") : null;
    const replica = await page.evaluate(writeThroughReplica, run);
    if (profiler) for (const line of await profiler.stop()) log(`    ${line}`);
    const round = { rawMs, replica, dexieMs: await page.evaluate(writeDexieBulkPut, run) };
    if (run === 0) continue;
    measured.push(round);
    log(
      `    round ${run}: raw ${round.rawMs.toFixed(0)} ms, replica parse ${round.replica.parseMs.toFixed(0)} ms` +
        ` + apply ${round.replica.applyMs.toFixed(0)} ms, Dexie bulkPut ${round.dexieMs.toFixed(0)} ms`,
    );
  }
  return { rows, rounds: measured };
}

/**
 * Figure 2 twice: in a fresh on-disk profile, as users have, and in an off-the-record context,
 * whose IndexedDB lives in memory (DESIGN's raw floor of about 11,000 rows/s matches that mode).
 */
export async function measureWritesBothWays(
  profile: string,
  baseURL: string,
  frame: string,
  log: (line: string) => void,
): Promise<{ onDisk: WriteRounds; inMemory: WriteRounds }> {
  const rounds = 5;
  log("  writes, on-disk profile:");
  const persistent = await freshProfile(profile, baseURL, "block");
  const onDisk = await measureWrites(persistent, frame, rounds, log).finally(() => persistent.close());
  log("  writes, in-memory (off-the-record) context:");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
    return { onDisk, inMemory: await measureWrites(context, frame, rounds, log) };
  } finally {
    await browser.close();
  }
}
