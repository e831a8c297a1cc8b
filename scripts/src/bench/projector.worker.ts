import { parentPort, workerData } from "node:worker_threads";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { startProjector } from "@hirestream/projector/projector.ts";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";

// The projector on a thread of its own, as `npm run projector` runs it beside the API in a
// multi-process deployment: its batches never hold up the API's event loop.

const databaseUrl: unknown = workerData;
const port = parentPort;
if (typeof databaseUrl !== "string" || !port) throw new Error("run me as a worker with the database URL as workerData");

const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
pool.on("error", (error) => console.error("bench projector: idle connection lost:", error.message));
const store = new PostgresEventStore({ pool });
const projector = startProjector({ db: new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }), store });
port.postMessage({ type: "running" });

port.once("message", async () => {
  await projector.stop();
  await store.close();
  await pool.end();
  port.close();
});
