import path from "node:path";
import pg from "pg";
import { chromiumVersion } from "./web-browser.ts";
import { buildWebForBench } from "./web-build.ts";
import { type FirstSyncResult, measureFirstSync } from "./web-first-sync.ts";
import { measureRemoteCommands, type RemoteCommandResult } from "./web-remote.ts";
import { seedFirstSync, seedUser } from "./web-seed.ts";
import { startWebBenchServer } from "./web-server.ts";
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
  const workDir = path.join(options.repoRoot, ".data", "bench-web");
  const webRoot = path.join(workDir, "app");
  const buildStarted = performance.now();
  await buildWebForBench(options.repoRoot, webRoot);
  log(`  built the web app in ${((performance.now() - buildStarted) / 1000).toFixed(0)} s`);
  const chromium = chromiumVersion();

  const server = await startWebBenchServer(databaseUrl, webRoot);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on("error", (error) => log(`  idle connection lost: ${error.message}`));
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
      `  first sync: socket ${probe.socketMs?.toFixed(0)} ms, snapshot frame ${probe.largestFrameMs?.toFixed(0)} ms,` +
        ` replica full ${probe.replicaFullMs?.toFixed(0)} ms, first row ${probe.firstRowMs?.toFixed(0)} ms`,
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
    await pool.end();
    await server.stop();
  }
}
