import path from "node:path";
import { migrateToLatest } from "@hirestream/migrations/migrate.ts";
import { templateDatabase } from "@hirestream/migrations/testing/test-database.ts";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../postgres/embedded-postgres.ts";

const root = path.join(import.meta.dirname, "../../..");

/** One throwaway cluster per test run; each test file clones a freshly migrated template database. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL;
  const cluster = external
    ? undefined
    : await startEmbeddedPostgres({
        dir: path.join(root, ".data", "test-postgres"),
        port: Number(process.env.TEST_PGPORT ?? 54329),
        // Data here is disposable: trade durability for speed.
        settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
      });
  const adminUrl = external ?? cluster?.url("postgres") ?? "";
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'test_%' or datname = $1",
    [templateDatabase],
  );
  for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  await admin.query(`create database "${templateDatabase}"`);
  await admin.end();
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${templateDatabase}`;
  await migrateToLatest(templateUrl.toString());
  project.provide("postgresAdminUrl", adminUrl);
  return async () => {
    await cluster?.stop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}
