import { parentPort, workerData } from "node:worker_threads";
import { buildApp } from "@hirestream/api/app.ts";
import type { Database } from "@hirestream/api/database.ts";
import { watchReadModels } from "@hirestream/api/http/read-model-watcher.ts";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";

// The API on its own thread, wired as services.ts does, so that the load generator on the main
// thread never steals the server's event loop. The projector runs on another (projector.worker.ts).

const databaseUrl: unknown = workerData;
const port = parentPort;
if (typeof databaseUrl !== "string" || !port) throw new Error("run me as a worker with the database URL as workerData");

const pool = new pg.Pool({ connectionString: databaseUrl, max: 40 });
pool.on("error", (error) => console.error("bench API: idle connection lost:", error.message));
const dialect = new PostgresDialect({ pool });
const db = new Kysely<Database>({ dialect });
const store = new PostgresEventStore({ pool });
const readModels = await watchReadModels(databaseUrl);
const app = await buildApp({
  db,
  pool,
  store,
  clock: () => new Date(),
  readModels,
  appUrl: "http://localhost:3000",
});
const url = await app.listen({ port: 0, host: "127.0.0.1" });
port.postMessage({ type: "listening", url });

port.once("message", async () => {
  await app.close();
  await readModels.close();
  await store.close();
  await db.destroy();
  port.close();
});
