import { createTestDatabase } from "@hirestream/migrations/testing/test-database.ts";
import pg from "pg";
import { expect, inject, it } from "vitest";
import { keepCheckedOutErrors } from "./pool-errors.ts";

it("a connection PostgreSQL ends while a client is checked out fails its next query instead of crashing the process", async () => {
  const url = await createTestDatabase(inject("postgresAdminUrl"));
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on("error", () => undefined);
  keepCheckedOutErrors(pool);
  const client = await pool.connect();
  const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query("select pg_terminate_backend($1)", [rows[0]?.pid]);
  await admin.end();
  await new Promise((resolve) => setTimeout(resolve, 200));
  await expect(client.query("select 1")).rejects.toThrow();
  client.release(true);
  await pool.end();
});
