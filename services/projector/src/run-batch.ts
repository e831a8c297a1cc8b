import type { RecordedEvent } from "@hirestream/eventstore/event-store.ts";
import { type Kysely, sql } from "kysely";
import { ProjectionFailure, projectBatch } from "./project-batch.ts";
import type { Projection } from "./projection.ts";
import { recordFailure } from "./projection-states.ts";

/** A read model that stopped: the event it failed on and why. */
export interface StoppedProjection {
  name: string;
  position: number;
  reason: string;
}

export interface BatchOptions {
  notify: boolean;
  pauseInsideMs?: number;
  onStopped?: (stopped: StoppedProjection) => void;
}

/**
 * Projects `events` in one transaction. When a read model throws, that transaction is undone and
 * the batch is walked again one event at a time, each behind a savepoint: the read model stops at
 * the event it fails on (stored with the reason, in the same transaction as the others' progress),
 * and the others apply that event and go on. A crash anywhere leaves the batch applied or not at all.
 */
export async function runBatch(
  db: Kysely<unknown>,
  schema: string,
  after: number,
  events: RecordedEvent[],
  projections: Projection<{ id: string }>[],
  options: BatchOptions,
): Promise<boolean> {
  try {
    return await db.transaction().execute((trx) => projectBatch(trx, schema, after, events, projections, options));
  } catch (error) {
    if (!(error instanceof ProjectionFailure)) throw error;
  }
  const stopped: StoppedProjection[] = [];
  const applied = await db.transaction().execute(async (trx) => {
    let from = after;
    for (const event of events) {
      for (;;) {
        await sql`savepoint projection_event`.execute(trx);
        try {
          const done = await projectBatch(trx, schema, from, [event], projections, { notify: options.notify });
          if (!done) return false;
          await sql`release savepoint projection_event`.execute(trx);
          break;
        } catch (error) {
          if (!(error instanceof ProjectionFailure)) throw error;
          // Each failure stops one more read model, so this ends; the event is then tried without it.
          await sql`rollback to savepoint projection_event`.execute(trx);
          await recordFailure(trx, schema, error.projection.table, event.position, error.reason);
          stopped.push({ name: error.projection.table, position: event.position, reason: error.reason });
        }
      }
      from = event.position;
    }
    return true;
  });
  if (applied) for (const failure of stopped) options.onStopped?.(failure);
  return applied;
}
