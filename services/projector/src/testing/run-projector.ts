import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { startProjector } from "../projector.ts";

// A projector in its own process, for tests that kill it with SIGKILL. Prints its batch boundaries.
const [url = "", batchSize = "50", pauseMs = "0"] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 4 });
pool.on("error", () => undefined);
const store = new PostgresEventStore({ pool });
startProjector({
  db: new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) }),
  store,
  batchSize: Number(batchSize),
  idleMs: 5,
  pauseInsideBatchMs: Number(pauseMs),
  onBatchStart: (after) => process.stdout.write(`begin ${after}\n`),
  onBatchCommitted: (position) => process.stdout.write(`commit ${position}\n`),
});
