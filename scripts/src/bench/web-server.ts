import path from "node:path";
import pg from "pg";
import { type BenchServer, startWorker } from "./http-server.ts";
import { chromiumVersion } from "./web-browser.ts";
import { buildWebForBench } from "./web-build.ts";

/** The projector, and the API serving the web app built into `webRoot`, each on its own thread. */
export async function startWebBenchServer(databaseUrl: string, webRoot: string): Promise<BenchServer> {
  const projector = await startWorker("./projector.worker.ts", databaseUrl);
  const api = await startWorker("./web-server.worker.ts", { databaseUrl, webRoot }).catch(async (error: unknown) => {
    await projector.stop();
    throw error;
  });
  const message = api.message;
  const url = message && typeof message === "object" && "url" in message ? message.url : undefined;
  if (typeof url !== "string") throw new Error("the web server worker sent no URL");
  return {
    url,
    async stop() {
      await api.stop();
      await projector.stop();
    },
  };
}

/** What a browser stage runs against: the built app, its servers, a pool for seeding, the browser's version. */
export interface BrowserBench {
  workDir: string;
  chromium: string;
  server: BenchServer;
  pool: pg.Pool;
  stop(): Promise<void>;
}

/**
 * Builds the web app as `npm start` builds it into `.data/{folder}/app`, starts the servers on it
 * and opens a pool of `poolSize` connections for seeding.
 */
export async function startBrowserBench(
  databaseUrl: string,
  options: { repoRoot: string; folder: string; poolSize: number; log: (line: string) => void },
): Promise<BrowserBench> {
  const { log } = options;
  const workDir = path.join(options.repoRoot, ".data", options.folder);
  const buildStarted = performance.now();
  await buildWebForBench(options.repoRoot, path.join(workDir, "app"));
  log(`  built the web app in ${((performance.now() - buildStarted) / 1000).toFixed(0)} s`);
  const chromium = chromiumVersion();
  const server = await startWebBenchServer(databaseUrl, path.join(workDir, "app"));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize });
  pool.on("error", (error) => log(`  idle connection lost: ${error.message}`));
  return {
    workDir,
    chromium,
    server,
    pool,
    async stop() {
      await pool.end();
      await server.stop();
    },
  };
}
