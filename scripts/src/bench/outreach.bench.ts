import type { Database } from "@hirestream/api/database.ts";
import type { Deps } from "@hirestream/api/deps.ts";
import { watchReadModels } from "@hirestream/api/http/read-model-watcher.ts";
import { workSequenceSteps } from "@hirestream/api/processors/step-worker.ts";
import { OUTREACH_REACTOR, outreachReactions } from "@hirestream/api/reactions/api-reactions.ts";
import {
  DEFAULT_SENDING_LIMITS,
  MAX_DAILY_LIMIT,
  type SendingLimits,
} from "@hirestream/contracts/credentials/limits.ts";
import { AggregateCache } from "@hirestream/eventstore/aggregate-cache.ts";
import { PostgresEventStore } from "@hirestream/eventstore/postgres.event-store.ts";
import { createStepQueue, queueSteps } from "@hirestream/outreach/sequence-steps/step-queue.ts";
import { startProjector } from "@hirestream/projector/projector.ts";
import { reactionRegistry } from "@hirestream/projector/reactions/reaction.ts";
import { startReactor } from "@hirestream/projector/reactions/reactor.ts";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PgBoss } from "pg-boss";
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

async function count(pool: pg.Pool, type: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>("select count(*) as n from events where type = $1", [type]);
  return Number(rows[0]?.n ?? 0);
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
  const anyDb = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  const store = new PostgresEventStore({ pool, pollIntervalMs: 5 });
  const readModels = await watchReadModels(url);
  const projector = startProjector({ db: anyDb, store, idleMs: 5 });
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
    const reactor = startReactor({
      db: anyDb,
      store,
      idleMs: 5,
      ...OUTREACH_REACTOR,
      reactions: reactionRegistry(outreachReactions(deps, (trx, steps) => queueSteps(boss, trx, steps))),
    });
    if (options.send) await workSequenceSteps(boss, deps, { pollingIntervalSeconds: 0.5 });
    let scheduledSeconds = 0;
    await until(
      async () => {
        const done = (await count(pool, "StepScheduled")) >= options.candidates;
        if (done && scheduledSeconds === 0) scheduledSeconds = (performance.now() - started) / 1000;
        return done && (!options.send || (await count(pool, "StepSent")) >= options.candidates);
      },
      600_000,
      "every step",
    );
    const sentSeconds = options.send ? (performance.now() - started) / 1000 : null;
    await reactor.stop();
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
    await projector.stop();
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
