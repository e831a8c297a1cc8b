import { parentPort, workerData } from "node:worker_threads";
import { buildApp } from "@hirestream/api/app.ts";
import type { Database } from "@hirestream/api/database.ts";
import { watchReadModels } from "@hirestream/api/http/read-model-watcher.ts";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { freePort } from "../testing/free-port.ts";

// The API serving the built web app, on its own thread (as http-server.worker.ts, plus the app):
// the bench's main thread drives Chromium and must not share an event loop with the server.

const given: unknown = workerData;
const port = parentPort;
const databaseUrl = given && typeof given === "object" && "databaseUrl" in given ? given.databaseUrl : undefined;
const webRoot = given && typeof given === "object" && "webRoot" in given ? given.webRoot : undefined;
if (typeof databaseUrl !== "string" || typeof webRoot !== "string" || !port)
  throw new Error("run me as a worker with { databaseUrl, webRoot } as workerData");

const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
pool.on("error", (error) => console.error("bench web server: idle connection lost:", error.message));
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
const store = new PostgresEventStore({ pool });
const readModels = await watchReadModels(databaseUrl);
// Links in mail point at appUrl, so the port is chosen before buildApp.
const appUrl = `http://127.0.0.1:${await freePort()}`;
const app = await buildApp({
  db,
  pool,
  store,
  clock: () => new Date(),
  readModels,
  appUrl,
  webRoot,
});
await app.listen({ port: Number(new URL(appUrl).port), host: "127.0.0.1" });
port.postMessage({ type: "listening", url: appUrl });

port.once("message", async () => {
  await app.close();
  await readModels.close();
  await store.close();
  await db.destroy();
  port.close();
});
