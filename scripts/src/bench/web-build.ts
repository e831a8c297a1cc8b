import { spawnSync } from "node:child_process";
import path from "node:path";
import { build } from "vite";
import { webAppBuildArgs } from "../web-app-build.ts";

/** What the build said that a reader of the bench should see. */
export interface WebBuildReport {
  /** Vite's warnings about chunks over `build.chunkSizeWarningLimit`, as printed. */
  sizeWarnings: string[];
}

/** Vite's warning when a chunk is over the limit, one line per chunk or a summary line. */
const SIZE_WARNING = /larger than|chunkSizeWarningLimit/i;

/**
 * The web app's production build, as `npm start` makes it (same command), but into `outDir`:
 * `web/dist` is shared with the browser tests another process may be running, and rebuilding it
 * under them would pull their files away. Then the bench page beside it, under `/bench/`.
 */
export async function buildWebForBench(repoRoot: string, outDir: string): Promise<WebBuildReport> {
  const app = spawnSync(process.execPath, webAppBuildArgs(repoRoot, ["--logLevel", "warn", "--outDir", outDir]), {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  // Passed on as it came, and read for the size warning (the bench reports it as a figure).
  process.stdout.write(app.stdout);
  process.stderr.write(app.stderr);
  if (app.status !== 0) throw new Error(`the web app did not build (vite exited with ${app.status})`);
  const sizeWarnings = `${app.stdout}\n${app.stderr}`
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => SIZE_WARNING.test(line));

  // Not precached by the app's service worker (its manifest was written above): the bench page is
  // only ever opened in a profile where service workers are blocked.
  await build({
    configFile: false,
    root: path.join(import.meta.dirname, "browser"),
    base: "/bench/",
    logLevel: "warn",
    build: { outDir: path.join(outDir, "bench"), emptyOutDir: true, sourcemap: false },
  });
  return { sizeWarnings };
}
