// For a read model's tests: a migrated database of its own, events appended as a test gives them,
// and every read model rebuilt from them into a scratch schema, as a table-by-table snapshot.
import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { rebuildReadModels } from "../rebuild.ts";
import { snapshotSchema } from "./schema-snapshot.ts";

export function readModelHarness() {
  let db: Kysely<unknown> | undefined;
  let store: PostgresEventStore | undefined;
  beforeAll(async () => {
    const pool = new pg.Pool({ connectionString: await createTestDatabase(inject("postgresAdminUrl")), max: 4 });
    db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    store = new PostgresEventStore({ pool });
  });
  afterAll(async () => {
    await db?.destroy();
  });
  const opened = () => {
    if (!db || !store) throw new Error("the read-model harness is used outside its tests");
    return { db, store };
  };

  return {
    /** Appends the events to the stream as decided at `at` by `actor`; answers the last one's position. */
    async given(streamId: string, at: string, events: DomainEvent[], actor: string | null = null): Promise<number> {
      return (await appendEvents(opened().store, streamId, events, { occurredAt: at, actor })).position;
    },
    /** Every read model rebuilt from the events so far, `batchSize` events at a time. */
    async projected(batchSize: number): Promise<Record<string, unknown[]>> {
      const { db, store } = opened();
      await sql`drop schema if exists read_test cascade`.execute(db);
      await rebuildReadModels({ db, store, target: "read_test", swap: false, batchSize });
      return snapshotSchema(db, "read_test");
    },
  };
}
