import path from "node:path";
import { migrateToLatest } from "@hirestream/migrations/migrate.ts";
import pg from "pg";
import { type RunningPostgres, startEmbeddedPostgres } from "../postgres/embedded-postgres.ts";

export interface BenchCluster {
  postgres: RunningPostgres;
  /** `server_version`, e.g. "18.1". */
  version: string;
  /** The durability settings the figures were taken with, for the report. */
  settings: string;
}

/**
 * The bench's own cluster (its own data directory and port, so it never disturbs `npm start` or
 * the tests), with Postgres's durable defaults: fsync and synchronous_commit stay on, because
 * raw INSERTs and event-store appends are compared under the same conditions a user runs.
 */
export async function startBenchCluster(repoRoot: string, port: number): Promise<BenchCluster> {
  const postgres = await startEmbeddedPostgres({
    dir: path.join(repoRoot, ".data", "bench-postgres"),
    port,
    settings: { max_connections: "300" },
  });
  const client = new pg.Client({ connectionString: postgres.url("postgres") });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings
       where name in ('server_version', 'fsync', 'synchronous_commit', 'full_page_writes', 'max_connections')`,
    );
    const setting = (name: string) => rows.find((r) => r.name === name)?.setting ?? "?";
    return {
      postgres,
      version: setting("server_version"),
      settings: ["fsync", "synchronous_commit", "full_page_writes", "max_connections"]
        .map((name) => `${name}=${setting(name)}`)
        .join(", "),
    };
  } finally {
    await client.end();
  }
}

/** Drops `database` if a previous run left it, creates it empty and migrates it; returns its URL. */
export async function freshDatabase(cluster: BenchCluster, database: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.postgres.url("postgres") });
  await client.connect();
  try {
    await client.query(`drop database if exists "${database}" with (force)`);
    await client.query(`create database "${database}"`);
  } finally {
    await client.end();
  }
  const url = cluster.postgres.url(database);
  await migrateToLatest(url);
  return url;
}

/**
 * Waits for the cluster to settle before a stage: the dirty pages of the stage before flushed by a
 * checkpoint, and its autovacuum workers done (for at most `limitMs`), so that no stage is charged
 * for the clean-up of the one before it.
 */
export async function quiesce(cluster: BenchCluster, limitMs = 60_000): Promise<void> {
  const client = new pg.Client({ connectionString: cluster.postgres.url("postgres") });
  await client.connect();
  try {
    await client.query("checkpoint");
    const deadline = Date.now() + limitMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: string }>(
        "select count(*) as n from pg_stat_activity where backend_type = 'autovacuum worker'",
      );
      if (Number(rows[0]?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}
