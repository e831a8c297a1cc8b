import { spawnSync } from "node:child_process";
import path from "node:path";
import { buildApp } from "@hirestream/api/app.ts";
import { watchReadModels } from "@hirestream/api/http/read-model-watcher.ts";
import { readConfig, repoRoot } from "./runtime/config.ts";
import { openRuntime } from "./runtime/runtime.ts";
import { type Running, startApi, startOutreach, startProjectorService } from "./runtime/services.ts";
import { demoAccount, seedDemo } from "./seed-demo.ts";

// `npm start`: the production build of the web app and the extension, PostgreSQL, migrations, the
// demo account, then api + projector + outreach in this process.
const config = readConfig();
// The extension is built for the address this app runs at (APP_URL) unless HIRESTREAM_URL names another.
const build = spawnSync(process.execPath, [path.join(repoRoot, "scripts", "src", "build.ts"), "--logLevel", "warn"], {
  cwd: repoRoot,
  stdio: "inherit",
  env: { ...process.env, HIRESTREAM_URL: process.env.HIRESTREAM_URL || config.appUrl },
});
if (build.status !== 0) {
  console.error("The web app or the extension did not build.");
  process.exit(1);
}
const runtime = await openRuntime(config, { migrate: true });
const running: Running[] = [];
let stopping = false;

async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping…");
  for (const service of running.reverse()) {
    await service.stop().catch((error: unknown) => console.error(`${service.name}:`, error));
  }
  await runtime.close();
  console.log(`Stopped.${runtime.embeddedDataDir ? ` Data is kept in ${runtime.embeddedDataDir} for next time.` : ""}`);
  process.exit(code);
}
process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

try {
  running.push(await startProjectorService(runtime, config));
  running.push(await startOutreach(runtime, config));
  await seedOnce();
  const api = await startApi(runtime, config);
  running.push(api);
  console.log(`
Hirestream is running at ${config.appUrl}
  Demo account: ${demoAccount.email} / ${demoAccount.password}
  Database: ${config.databaseUrl ? "DATABASE_URL" : `embedded PostgreSQL (data in ${runtime.embeddedDataDir ?? "the cluster another service of this checkout started"}, port ${config.embeddedPostgresPort})`}
  Events: ${config.eventStoreUrl ? "EventStoreDB (EVENTSTORE_URL)" : "PostgreSQL"}
Press Ctrl-C to stop.`);
} catch (error) {
  console.error(error);
  await stopAll(1);
}

/** Seeds through an API that is not listening yet. */
async function seedOnce() {
  const readModels = await watchReadModels(runtime.databaseUrl);
  const app = await buildApp({
    db: runtime.db,
    pool: runtime.pool,
    store: runtime.store,
    clock: () => new Date(),
    readModels,
    appUrl: config.appUrl,
  });
  try {
    await seedDemo(app);
  } finally {
    await app.close();
    await readModels.close();
  }
}
