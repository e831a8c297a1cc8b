import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import pg from "pg";
import { inject } from "vitest";
import { eventStoreContract } from "./event-store.contract.ts";
import { PostgresEventStore } from "./postgres.event-store.ts";

eventStoreContract("postgres", async () => {
  const pool = new pg.Pool({ connectionString: await createTestDatabase(inject("postgresAdminUrl")), max: 20 });
  const store = new PostgresEventStore({ pool, pollIntervalMs: 5 });
  return {
    store,
    async appendSlowly(streamId, events, delayMs) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        await store.appendWith(client, streamId, events, { expectedRevision: "no_stream" });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        await client.query("commit");
      } finally {
        client.release();
      }
    },
    async dispose() {
      await store.close();
      await pool.end();
    },
  };
});
