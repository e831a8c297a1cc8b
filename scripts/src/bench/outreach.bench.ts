import type { Database } from "@hirestream/api/database.ts";
import type { Deps } from "@hirestream/api/deps.ts";
import { watchReadModels } from "@hirestream/api/http/read-model-watcher.ts";
import { workSequenceSteps } from "@hirestream/api/processors/step-worker.ts";
import {
  DEFAULT_SENDING_LIMITS,
  MAX_DAILY_LIMIT,
  type SendingLimits,
} from "@hirestream/contracts/credentials/limits.ts";
import { AggregateCache } from "@hirestream/eventstore/aggregate-cache.ts";
import { EVENTS_PER_TRANSACTION, PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { createStepQueue } from "@hirestream/outreach/sequence-steps/step-queue.ts";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PgBoss } from "pg-boss";
import { startWorker } from "./http-server.ts";
import { seedOutreach } from "./outreach-seed.ts";
import { pause } from "./web-browser.ts";

export interface OutreachRun {
  candidates: number;
  credentials: number;
  /** Seconds from the reactions' start to the last step scheduled, and to the last step sent (null: not sent here). */
  scheduledSeconds: number;
  sentSeconds: number | null;
  delivered: number;
  /** Messages the local mailbox holds beyond one per run: must be 0. */
  duplicates: number;
  /** Per credential, the most sends booked in any 24 hours, and the shortest gap between two, in seconds. */
  busiestDay: number;
  shortestGapSeconds: number | null;
  limits: SendingLimits;
}

/**
 * Counts events by type as they become readable, reading only those after the last it saw (and
 * only below the oldest open transaction, as the store's readers do): a poll costs what arrived
 * since the one before, where a `count(*)` would scan the whole log each time and take a core
 * from the system it measures.
 */
function eventCounter(pool: pg.Pool): (type: string) => Promise<number> {
  const counts = new Map<string, number>();
  let after = 0;
  const page = 5000;
  return async (type) => {
    for (let full = true; full; ) {
      const { rows } = await pool.query<{ global_position: string; type: string }>(
        `select global_position, type from events
         where global_position > $1
           and global_position < pg_snapshot_xmin(pg_current_snapshot())::text::bigint * ${EVENTS_PER_TRANSACTION}
         order by global_position limit ${page}`,
        [after],
      );
      for (const row of rows) {
        counts.set(row.type, (counts.get(row.type) ?? 0) + 1);
        after = Number(row.global_position);
      }
      full = rows.length === page;
    }
    return counts.get(type) ?? 0;
  };
}

async function until(what: () => Promise<boolean>, timeoutMs: number, label: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await what())) {
    if (performance.now() > deadline) throw new Error(`${label} did not happen within ${timeoutMs / 1000} s`);
    await pause(25);
  }
}

/**
 * `candidates` runs whose payloads were just sent, spread over `credentials` local mailboxes: the
 * reactions schedule every first step (with the credentials' limits) and, when `send` is set, the
 * worker sends every step that is due, through the local transport.
 */
async function runOutreach(
  url: string,
  options: { candidates: number; credentials: number; limits: SendingLimits; send: boolean },
  log: (line: string) => void,
): Promise<OutreachRun> {
  const pool = new pg.Pool({ connectionString: url, max: 24 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const store = new PostgresEventStore({ pool, pollIntervalMs: 5 });
  const readModels = await watchReadModels(url);
  // The projector and the reactions on a thread of their own, the worker on this one: the projector
  // and outreach processes of a multi-process deployment (docker-compose.yml).
  const reactions = await startWorker("./outreach-reactor.worker.ts", url);
  const count = eventCounter(pool);
  const boss = new PgBoss({ connectionString: url, max: 8, supervise: false, schedule: false });
  boss.on("error", () => undefined);
  try {
    log(`  seeding ${options.candidates.toLocaleString("en-US")} runs on ${options.credentials} credentials…`);
    await seedOutreach(pool, store, options);
    await until(
      async () =>
        (await store.headPosition()) <=
        Number((await pool.query("select position from read.checkpoint")).rows[0]?.position ?? 0),
      120_000,
      "the projector catching up with the seed",
    );
    await boss.start();
    await createStepQueue(boss);
    const deps: Deps = {
      db,
      pool,
      store,
      clock: () => new Date(),
      readModels,
      appUrl: "http://localhost:3000",
      aggregates: new AggregateCache(),
    };
    const started = performance.now();
    reactions.post("react");
    if (options.send) await workSequenceSteps(boss, deps, { pollingIntervalSeconds: 0.5 });
    let scheduledSeconds = 0;
    await until(
      async () => {
        const done = (await count("StepScheduled")) >= options.candidates;
        if (done && scheduledSeconds === 0) scheduledSeconds = (performance.now() - started) / 1000;
        return done && (!options.send || (await count("StepSent")) >= options.candidates);
      },
      600_000,
      "every step",
    );
    const sentSeconds = options.send ? (performance.now() - started) / 1000 : null;
    const { rows: mailbox } = await pool.query<{ total: string; distinct_to: string }>(
      "select count(*) as total, count(distinct to_address) as distinct_to from local_mailbox",
    );
    const total = Number(mailbox[0]?.total ?? 0);
    const { rows: load } = await pool.query<{ busiest: number | null; gap: number | null }>(
      `select max(day_count)::int as busiest, min(gap)::float as gap from (
         select (select count(*) from credential_send_slots b
                  where b.credential_id = a.credential_id and b.due_at >= a.due_at and b.due_at < a.due_at + interval '1 day') as day_count,
                extract(epoch from a.due_at - lag(a.due_at) over (partition by a.credential_id order by a.due_at)) as gap
         from credential_send_slots a) per_send`,
    );
    return {
      candidates: options.candidates,
      credentials: options.credentials,
      scheduledSeconds,
      sentSeconds,
      delivered: total,
      duplicates: total - Number(mailbox[0]?.distinct_to ?? 0),
      busiestDay: load[0]?.busiest ?? 0,
      shortestGapSeconds: load[0]?.gap ?? null,
      limits: options.limits,
    };
  } finally {
    await boss.stop({ graceful: false });
    await reactions.stop();
    await readModels.close();
    await pool.end();
  }
}

export interface OutreachBench {
  due: OutreachRun;
  limited: OutreachRun;
}

/**
 * DESIGN.md's budget: 10,000 due steps scheduled and sent through the local transport. Then the
 * same number of runs on 20 credentials at their default limits, scheduled only (they spread over
 * days), to show no credential booked over its limit.
 */
export async function benchOutreach(
  dueUrl: string,
  limitedUrl: string,
  options: { candidates: number; credentials: number; log: (line: string) => void },
): Promise<OutreachBench> {
  const { candidates, credentials, log } = options;
  const due = await runOutreach(
    dueUrl,
    { candidates, credentials, limits: { dailyLimit: MAX_DAILY_LIMIT, minGapSeconds: 0 }, send: true },
    log,
  );
  log(
    `  ${candidates} due steps scheduled in ${due.scheduledSeconds.toFixed(1)} s, sent in ${due.sentSeconds?.toFixed(1)} s`,
  );
  const limited = await runOutreach(
    limitedUrl,
    { candidates, credentials, limits: DEFAULT_SENDING_LIMITS, send: false },
    log,
  );
  log(
    `  ${candidates} steps on ${credentials} credentials at default limits scheduled in ${limited.scheduledSeconds.toFixed(1)} s`,
  );
  return { due, limited };
}
