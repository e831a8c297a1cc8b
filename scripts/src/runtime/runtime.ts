import path from "node:path";
import type { Database } from "@hirestream/api/database.ts";
import { keepCheckedOutErrors } from "@hirestream/api/pool-errors.ts";
import { EsdbEventStore } from "@hirestream/eventstore/esdb.event-store.ts";
import type { EventStore } from "@hirestream/eventstore/event-store.ts";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { migrateToLatest } from "@hirestream/migrations/migrate.ts";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import {
  embeddedCredentials,
  ensureDatabase,
  type RunningPostgres,
  startEmbeddedPostgres,
} from "../postgres/embedded-postgres.ts";
import type { Config } from "./config.ts";

/** The connections every service shares: Postgres (embedded unless DATABASE_URL), the event store. */
export interface Runtime {
  databaseUrl: string;
  /** Where this process's embedded cluster keeps its data; undefined when it uses another's or DATABASE_URL. */
  embeddedDataDir: string | undefined;
  pool: pg.Pool;
  db: Kysely<Database>;
  /** The same pool, for code that works on any schema (projector, rebuild). */
  anyDb: Kysely<unknown>;
  store: EventStore;
  close(): Promise<void>;
}

export async function openRuntime(config: Config, options: { migrate: boolean }): Promise<Runtime> {
  let embedded: RunningPostgres | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl && (await answers(embeddedUrl(config)))) {
    // Another service of this checkout already started the embedded cluster: share it.
    databaseUrl = embeddedUrl(config);
  } else if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, "postgres"),
      port: config.embeddedPostgresPort,
    });
    await ensureDatabase(embedded.url("postgres"), "hirestream");
    databaseUrl = embedded.url("hirestream");
  }
  if (options.migrate) await migrateToLatest(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 40 });
  keepCheckedOutErrors(pool);
  let closing = false;
  process.once("SIGINT", () => {
    closing = true;
  });
  // An idle connection that Postgres ends (Ctrl-C reaches the database too) must not crash us.
  pool.on("error", (error) => {
    if (!closing) console.error("postgres connection lost:", error.message);
  });
  const dialect = new PostgresDialect({ pool });
  const adapter: EventStore = config.eventStoreUrl
    ? new EsdbEventStore({ connectionString: config.eventStoreUrl })
    : new PostgresEventStore({ pool });
  const crashAfter = process.env.CRASH_AFTER_APPEND_OF;
  const store = crashAfter ? crashingAfterAppendOf(adapter, crashAfter) : adapter;
  return {
    databaseUrl,
    embeddedDataDir: embedded?.dir,
    pool,
    db: new Kysely<Database>({ dialect }),
    anyDb: new Kysely<unknown>({ dialect }),
    store,
    async close() {
      closing = true;
      await store.close();
      await pool.end();
      await embedded?.stop();
    },
  };
}

const embeddedUrl = (config: Config) =>
  `postgres://${embeddedCredentials.user}:${embeddedCredentials.password}@127.0.0.1:${config.embeddedPostgresPort}/hirestream`;

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * For kill tests only: the process dies (SIGKILL, nothing cleaned up) the moment an append holding
 * an event of `type` has committed, before whatever the caller does next.
 */
function crashingAfterAppendOf(store: EventStore, type: string): EventStore {
  return {
    async appendToStream(streamId, events, options) {
      const result = await store.appendToStream(streamId, events, options);
      if (events.some((event) => event.type === type)) process.kill(process.pid, "SIGKILL");
      return result;
    },
    async appendToStreams(appends) {
      const results = await store.appendToStreams(appends);
      if (appends.some(({ events }) => events.some((event) => event.type === type)))
        process.kill(process.pid, "SIGKILL");
      return results;
    },
    readStream: (streamId, options) => store.readStream(streamId, options),
    readStreams: (reads) => store.readStreams(reads),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (after, handler) => store.subscribeToAll(after, handler),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
}
