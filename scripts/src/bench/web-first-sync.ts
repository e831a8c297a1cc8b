import {
  type FirstSyncProbe,
  firstSyncSettled,
  installFirstSyncProbe,
  readFirstSyncProbe,
} from "./browser/first-sync-probes.ts";
import { profileIfAsked } from "./pipeline-profile.ts";
import { credentialsOf, firstPage, freshProfile, pageErrors } from "./web-browser.ts";
import type { SeededFirstSync } from "./web-seed.ts";

/** REPLICA_DB_NAME of web/src/replica/replica-runtime.ts (not imported: that module needs the DOM). */
export const REPLICA_DB = "hirestream-replica";

export interface FirstSyncResult {
  rows: number;
  rowBytes: number;
  frameBytes: number;
  probe: FirstSyncProbe;
}

/** Figure 1: a fresh profile of the signed-in user opens /workspaces; the probe times what follows. */
export async function measureFirstSync(
  profile: string,
  baseUrl: string,
  seeded: SeededFirstSync,
): Promise<FirstSyncResult> {
  const context = await freshProfile(profile, baseUrl, "allow");
  try {
    const page = await firstPage(context);
    await page.addInitScript(installFirstSyncProbe, {
      credentials: credentialsOf(seeded.session),
      dbName: REPLICA_DB,
      table: "workspaces",
      // The padded rows and the real workspace.
      expectedRows: seeded.paddedRows + 1,
    });
    const errors = pageErrors(page);
    const profiler = await profileIfAsked(page, "first-sync");
    await page.goto("/workspaces");
    await page.waitForFunction(firstSyncSettled, undefined, { timeout: 60_000, polling: 50 }).catch(async () => {
      const seen = JSON.stringify(await page.evaluate(readFirstSyncProbe));
      throw new Error(`first sync unfinished after 60 s at ${page.url()}: ${seen}; page errors: ${errors.join(" / ")}`);
    });
    if (profiler) for (const line of await profiler.stop()) console.log(`  ${line}`);
    const probe = await page.evaluate(readFirstSyncProbe);
    if (!probe) throw new Error("the first-sync probe did not run");
    return {
      rows: seeded.paddedRows + 1,
      rowBytes: seeded.rowBytes,
      frameBytes: Buffer.byteLength(seeded.frame),
      probe,
    };
  } finally {
    await context.close();
  }
}
