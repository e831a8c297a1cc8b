import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { startProjector } from "@hirestream/projector/projector.ts";
import { rebuildReadModels } from "@hirestream/projector/rebuild.ts";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { appendHistory } from "./projection-history.ts";

export interface CatchUp {
  events: number;
  seconds: number;
  perSecond: number;
}

export interface ProjectionBenchResult {
  events: number;
  appendSeconds: number;
  /** `rebuildReadModels` into a spare schema, from position 0, default batch size. */
  rebuild: CatchUp;
  /** The live runner (`startProjector`, default batch size) from checkpoint 0 to the head. */
  live: CatchUp;
}

async function waitForCheckpoint(db: Kysely<unknown>, position: number, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const { rows } = await sql<{ position: string }>`select position from read.checkpoint
      where name = 'projector'`.execute(db);
    if (Number(rows[0]?.position ?? 0) >= position) return;
    if (performance.now() > deadline) throw new Error(`the projector did not reach ${position} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Projection catch-up on a database holding only the bench history: a rebuild into a spare
 * schema first, then the live projector from zero over the same events.
 */
export async function benchProjection(
  databaseUrl: string,
  options: { users: number; workspaces: number; log: (line: string) => void },
): Promise<ProjectionBenchResult> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 8 });
  pool.on("error", (error) => options.log(`  idle connection lost: ${error.message}`));
  const store = new PostgresEventStore({ pool });
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  try {
    const appendStarted = performance.now();
    let reported = 0;
    const events = await appendHistory(
      pool,
      store,
      { users: options.users, workspaces: options.workspaces, workspacesPerTransaction: 1000, concurrency: 4 },
      (done) => {
        if (done - reported < 50_000) return;
        reported = done;
        options.log(`  appended ${done} events`);
      },
    );
    const appendSeconds = (performance.now() - appendStarted) / 1000;
    options.log(`  appended ${events} events in ${appendSeconds.toFixed(1)} s`);
    // A settled table, as a production store would be: statistics, hint bits, nothing dirty.
    await sql`vacuum analyze events`.execute(db);
    await sql`checkpoint`.execute(db);

    const report = await rebuildReadModels({ db, store, swap: false, target: "read_bench" });
    const rebuild = { events: report.events, seconds: report.seconds, perSecond: report.events / report.seconds };
    options.log(`  rebuild: ${report.events} events in ${report.seconds.toFixed(1)} s`);

    // The rebuild left its pages dirty: start the live run from a clean slate too.
    await sql`checkpoint`.execute(db);
    const head = await store.headPosition();
    const liveStarted = performance.now();
    const projector = startProjector({ db, store, onError: (error) => options.log(`  projector error: ${error}`) });
    let liveSeconds: number;
    try {
      await waitForCheckpoint(db, head, 180_000);
      liveSeconds = (performance.now() - liveStarted) / 1000;
    } finally {
      await projector.stop();
    }
    const live = { events, seconds: liveSeconds, perSecond: events / liveSeconds };
    options.log(`  live projector: ${events} events in ${liveSeconds.toFixed(1)} s`);

    await store.close();
    return { events, appendSeconds, rebuild, live };
  } finally {
    await db.destroy();
  }
}
