import path from "node:path";
import { type FirstSyncResult, measureFirstSync } from "./web-first-sync.ts";
import { measureRemoteCommands, type RemoteCommandResult } from "./web-remote.ts";
import { seedFirstSync, seedUser } from "./web-seed.ts";
import { startBrowserBench } from "./web-server.ts";
import { measureToggles, type ToggleResult } from "./web-toggles.ts";
import { measureWritesBothWays, type WriteRounds } from "./web-writes.ts";

export interface WebSyncBenchResult {
  chromium: string;
  firstSync: FirstSyncResult;
  writes: { onDisk: WriteRounds; inMemory: WriteRounds };
  toggles: ToggleResult;
  remote: RemoteCommandResult;
}

export interface WebSyncOptions {
  repoRoot: string;
  rows: number;
  toggles: number;
  /** Renames per second sent to the other browser's workspaces, and for how long. */
  remote: { perSecond: number; durationMs: number };
  log: (line: string) => void;
}

/**
 * The browser figures: the web app built as `npm start` builds it, served by the API on its own
 * thread with the projector on another, driven in Debian's Chromium through playwright-core.
 */
export async function benchWebSync(databaseUrl: string, options: WebSyncOptions): Promise<WebSyncBenchResult> {
  const { log } = options;
  const bench = await startBrowserBench(databaseUrl, {
    repoRoot: options.repoRoot,
    folder: "bench-web",
    poolSize: 4,
    log,
  });
  const { workDir, chromium, server, pool } = bench;
  try {
    const seeded = await seedFirstSync(pool, server.url, options.rows);
    const toggler = await seedUser(pool, server.url, 5);
    // The screen's default page size: every renamed workspace is on screen.
    const watcher = await seedUser(pool, server.url, 10);
    await pool.query("vacuum analyze read.change_log");
    log(`  seeded ${options.rows} padded rows (${seeded.rowBytes.toFixed(0)} bytes each) in ${seeded.scope}`);

    const firstSync = await measureFirstSync(path.join(workDir, "profile-first-sync"), server.url, seeded);
    const { probe } = firstSync;
    log(
      `  first sync: socket ${probe.socketMs?.toFixed(0)} ms, first frame ${probe.firstFrameMs?.toFixed(0)} ms, largest frame ${probe.largestFrameMs?.toFixed(0)} ms,` +
        ` replica full ${probe.replicaFullMs?.toFixed(0)} ms, first row ${probe.firstRowMs?.toFixed(0)} ms (the median load;` +
        ` socket to full in each: ${firstSync.syncMs.map((ms) => ms.toFixed(0)).join(", ")} ms)`,
    );
    log(
      `  its load steps: ${Object.entries(probe.steps ?? {})
        .sort((a, b) => a[1] - b[1])
        .map(([step, at]) => `${step} ${at.toFixed(0)}`)
        .join(", ")}`,
    );
    const writes = await measureWritesBothWays(path.join(workDir, "profile-writes"), server.url, seeded.frame, log);
    const toggles = await measureToggles(
      path.join(workDir, "profile-toggles"),
      server.url,
      pool,
      toggler,
      options.toggles,
    );
    log(`  toggles: ${toggles.samples.length} measured, settled ${toggles.settled}, mismatches ${toggles.mismatches}`);
    const remote = await measureRemoteCommands(
      path.join(workDir, "profile-remote"),
      server.url,
      watcher,
      options.remote,
    );
    log(
      `  remote commands: ${remote.commands} at ${remote.perSecond.toFixed(0)}/s, ${remote.latencies.length} seen,` +
        ` answers ${remote.statuses}, ${remote.unseen} never shown`,
    );
    return { chromium, firstSync, writes, toggles, remote };
  } finally {
    await bench.stop();
  }
}
