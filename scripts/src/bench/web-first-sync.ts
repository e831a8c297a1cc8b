import {
  type FirstSyncProbe,
  firstSyncSettled,
  installFirstSyncProbe,
  readFirstSyncProbe,
} from "./browser/first-sync-probes.ts";
import { profileIfAsked } from "./pipeline-profile.ts";
import { traceSyncIfAsked } from "./pipeline-trace.ts";
import { credentialsOf, firstPage, freshProfile, pageErrors } from "./web-browser.ts";
import type { SeededFirstSync } from "./web-seed.ts";
import { syncMsOf } from "./web-sync.figures.ts";

/** REPLICA_DB_NAME of web/src/replica/replica-runtime.ts (not imported: that module needs the DOM). */
export const REPLICA_DB = "hirestream-replica";

/**
 * Fresh profiles whose first syncs are timed: one load's figure swung from 0.65 to 0.76 of raw
 * between runs of one hour (the server's first part alone from 168 to 425 ms after the socket),
 * against a raw reference that is a median of rounds.
 */
export const FIRST_SYNC_LOADS = 5;

export interface FirstSyncResult {
  rows: number;
  rowBytes: number;
  frameBytes: number;
  /** The load of median socket-to-full time. */
  probe: FirstSyncProbe;
  /** Every load's socket-to-full time, in the order taken. */
  syncMs: number[];
}

/**
 * Figure 1, FIRST_SYNC_LOADS times: a fresh profile of the signed-in user opens /workspaces; the
 * probe times what follows. Answers the load of median time.
 */
export async function measureFirstSync(
  profileBase: string,
  baseUrl: string,
  seeded: SeededFirstSync,
): Promise<FirstSyncResult> {
  const probes: FirstSyncProbe[] = [];
  for (let load = 0; load < FIRST_SYNC_LOADS; load++)
    probes.push(await measureOneFirstSync(`${profileBase}-${load}`, baseUrl, seeded, load === 0));
  const byTime = [...probes].sort((a, b) => syncMsOf(a) - syncMsOf(b));
  const probe = byTime[Math.floor(byTime.length / 2)];
  if (!probe) throw new Error("no first sync was measured");
  return {
    rows: seeded.paddedRows + 1,
    rowBytes: seeded.rowBytes,
    frameBytes: Buffer.byteLength(seeded.frame),
    probe,
    syncMs: probes.map(syncMsOf),
  };
}

/** One fresh profile's first sync; `traced`: the one a trace or profile asked for covers. */
async function measureOneFirstSync(
  profile: string,
  baseUrl: string,
  seeded: SeededFirstSync,
  traced: boolean,
): Promise<FirstSyncProbe> {
  const context = await freshProfile(profile, baseUrl, "allow");
  try {
    const page = await firstPage(context);
    await page.addInitScript(installFirstSyncProbe, {
      credentials: credentialsOf(seeded.session),
      dbName: REPLICA_DB,
      table: "workspaces",
      // The padded rows and the real workspace.
      expectedRows: seeded.paddedRows + 1,
      // load-steps.ts: the first catch-up's every scope written.
      writtenMark: "hirestream:snapshots-written",
    });
    const errors = pageErrors(page);
    const profiler = traced ? await profileIfAsked(page, "first-sync") : null;
    const tracer = traced ? await traceSyncIfAsked(page, "whole-replica") : null;
    await page.goto("/workspaces");
    await page.waitForFunction(firstSyncSettled, undefined, { timeout: 60_000, polling: 50 }).catch(async () => {
      const seen = JSON.stringify(await page.evaluate(readFirstSyncProbe));
      throw new Error(`first sync unfinished after 60 s at ${page.url()}: ${seen}; page errors: ${errors.join(" / ")}`);
    });
    if (profiler) for (const line of await profiler.stop()) console.log(`  ${line}`);
    if (tracer) for (const line of await tracer.stop()) console.log(`  ${line}`);
    const probe = await page.evaluate(readFirstSyncProbe);
    if (!probe) throw new Error("the first-sync probe did not run");
    return probe;
  } finally {
    await context.close();
  }
}
