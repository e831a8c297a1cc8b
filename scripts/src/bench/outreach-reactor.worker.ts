import { parentPort, workerData } from "node:worker_threads";
import type { Database } from "@hirestream/api/database.ts";
import { watchReadModels } from "@hirestream/api/http/read-model-watcher.ts";
import { OUTREACH_REACTOR, outreachReactions } from "@hirestream/api/reactions/api-reactions.ts";
import { AggregateCache } from "@hirestream/eventstore/aggregate-cache.ts";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { queueSteps } from "@hirestream/outreach/sequence-steps/step-queue.ts";
import { startProjector } from "@hirestream/projector/projector.ts";
import { reactionRegistry } from "@hirestream/projector/reactions/reaction.ts";
import { type RunningReactor, startReactor } from "@hirestream/projector/reactions/reactor.ts";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PgBoss } from "pg-boss";

// The projector and the outreach reactions on a thread of their own, as the projector process runs
// them (startProjectorService) apart from the outreach process's step worker. The projector starts
// at once; the reactions on the message "react", so the bench times them from a standing start.

const databaseUrl: unknown = workerData;
const port = parentPort;
if (typeof databaseUrl !== "string" || !port) throw new Error("run me as a worker with the database URL as workerData");

const pool = new pg.Pool({ connectionString: databaseUrl, max: 12 });
pool.on("error", (error) => console.error("bench reactions: idle connection lost:", error.message));
const anyDb = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
const store = new PostgresEventStore({ pool });
const projector = startProjector({ db: anyDb, store });
const readModels = await watchReadModels(databaseUrl);
const boss = new PgBoss({ connectionString: databaseUrl, max: 4, supervise: false, schedule: false });
boss.on("error", () => undefined);
await boss.start();
const deps = {
  db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
  pool,
  store,
  clock: () => new Date(),
  readModels,
  appUrl: "http://localhost:3000",
  aggregates: new AggregateCache(),
};
let reactor: RunningReactor | undefined;
port.postMessage({ type: "running" });

port.on("message", async (message: unknown) => {
  if (message === "react") {
    reactor ??= startReactor({
      db: anyDb,
      store,
      ...OUTREACH_REACTOR,
      reactions: reactionRegistry(outreachReactions(deps, (trx, steps) => queueSteps(boss, trx, steps))),
    });
    return;
  }
  await reactor?.stop();
  await projector.stop();
  await boss.stop({ graceful: false });
  await readModels.close();
  await store.close();
  await pool.end();
  port.close();
});
