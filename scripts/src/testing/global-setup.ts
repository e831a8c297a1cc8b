import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { migrateToLatest } from "@hirestream/migrations/migrate.ts";
import { templateDatabase } from "@hirestream/migrations/testing/test-database.ts";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../postgres/embedded-postgres.ts";
import { freePort } from "./free-port.ts";

const root = path.join(import.meta.dirname, "../../..");
mkdirSync(path.join(root, ".data"), { recursive: true });

/** The cluster the Postgres and browser projects share within one run, and how many use it. */
interface SharedCluster {
  users: number;
  adminUrl: Promise<string>;
  stop: () => Promise<void>;
}
// Each project loads its global setup on its own; the run's main process is the one place they meet.
declare global {
  var hirestreamTestCluster: SharedCluster | undefined;
}

/** One throwaway cluster per test run; each test file clones a freshly migrated template database. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = globalThis.hirestreamTestCluster ?? startCluster();
  globalThis.hirestreamTestCluster = cluster;
  cluster.users++;
  project.provide("postgresAdminUrl", await cluster.adminUrl);
  return async () => {
    cluster.users--;
    if (cluster.users > 0) return;
    globalThis.hirestreamTestCluster = undefined;
    await cluster.stop();
  };
}

function startCluster(): SharedCluster {
  let stop = async () => {};
  const adminUrl = (async () => {
    const external = process.env.TEST_DATABASE_URL;
    // A cluster of its own per run (fresh directory, free port), so two runs never meet.
    const dir = mkdtempSync(path.join(root, ".data", "test-postgres-"));
    // The cluster runs as the postgres user, who must be able to enter it.
    chmodSync(dir, 0o755);
    const cluster = external
      ? undefined
      : await startEmbeddedPostgres({
          dir: path.join(dir, "cluster"),
          port: await freePort(),
          // Data here is disposable: trade durability for speed.
          settings: { fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
        });
    stop = async () => {
      await cluster?.stop();
      rmSync(dir, { recursive: true, force: true });
      // Run as root from a folder closed to the postgres user, the cluster lives elsewhere.
      if (cluster && cluster.dir !== path.join(dir, "cluster")) {
        rmSync(path.dirname(cluster.dir), { recursive: true, force: true });
      }
    };
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
    return adminUrl;
  })();
  return { users: 0, adminUrl, stop: () => stop() };
}
