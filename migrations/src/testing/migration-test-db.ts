import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { createTestDatabase } from "./test-database.ts";

/**
 * A database of its own for one test file, cloned from the migrated template when the file's first
 * query needs it, and closed after the file's tests.
 */
export function migrationTestDb(): Kysely<unknown> {
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({
      pool: async () => new pg.Pool({ connectionString: await createTestDatabase(inject("postgresAdminUrl")), max: 1 }),
    }),
  });
  afterAll(() => db.destroy());
  return db;
}
