import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { inject } from "vitest";
import { CHECKPOINT } from "../project-batch.ts";

export interface ProjectorTestDb {
  url: string;
  db: Kysely<unknown>;
  store: PostgresEventStore;
  /** Where the live projector's checkpoint stands in schema `read`. */
  checkpoint(): Promise<number>;
  close(): Promise<void>;
}

/** A fresh migrated database with an event store and a schema-agnostic kysely over one pool. */
export async function openProjectorTestDb(): Promise<ProjectorTestDb> {
  const url = await createTestDatabase(inject("postgresAdminUrl"));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  return {
    url,
    db,
    store: new PostgresEventStore({ pool, pollIntervalMs: 5 }),
    async checkpoint() {
      const { rows } = await sql<{ position: string }>`select position from read.checkpoint
        where name = ${CHECKPOINT}`.execute(db);
      return Number(rows[0]?.position ?? 0);
    },
    close: () => db.destroy(),
  };
}
