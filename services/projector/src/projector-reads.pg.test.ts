import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startProjector } from "./projector.ts";
import { openProjectorTestDb, type ProjectorTestDb } from "./testing/projector-test-db.ts";
import { appendSampleHistory } from "./testing/sample-history.ts";

let test: ProjectorTestDb;
let pool: pg.Pool;
let db: Kysely<unknown>;
/** Every statement the projector sends, as Postgres receives it. */
const statements: string[] = [];

beforeAll(async () => {
  test = await openProjectorTestDb();
  pool = new pg.Pool({ connectionString: test.url, max: 4 });
  db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      statements.push(event.query.sql);
    },
  });
});
afterAll(async () => {
  await db.destroy();
  await test.close();
});

it("the live projector reads the read models' positions when it starts, not once a batch: it writes them with each batch", async () => {
  await appendSampleHistory(test.store, { commands: 200, seed: 41 });
  let batches = 0;
  const live = startProjector({
    db,
    store: test.store,
    idleMs: 5,
    batchSize: 20,
    onError: () => undefined,
    onBatchCommitted: () => {
      batches++;
    },
  });
  try {
    await expect.poll(test.checkpoint, { timeout: 60_000 }).toBe(await test.store.headPosition());
  } finally {
    await live.stop();
  }
  expect(batches).toBeGreaterThan(10);
  const readsOfStates = statements.filter((sql) => /^\s*select\b[\s\S]*\bprojection_states\b/i.test(sql));
  expect(readsOfStates).toHaveLength(1);
  const writesOfStates = statements.filter((sql) => /^\s*update\b[\s\S]*\bprojection_states\b/i.test(sql));
  expect(writesOfStates.length).toBeGreaterThanOrEqual(batches);
});
