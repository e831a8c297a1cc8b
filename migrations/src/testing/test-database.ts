import { randomUUID } from "node:crypto";
import pg from "pg";

export const templateDatabase = "hirestream_template";

/** A new database cloned from the migrated template; returns its connection string. */
export async function createTestDatabase(adminUrl: string): Promise<string> {
  const name = `test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${templateDatabase}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

declare module "vitest" {
  /** Provided by the test run's global setup: where to create test databases. */
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}
