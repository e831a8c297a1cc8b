import type { RecordedEvent } from "@hirestream/eventstore/event-store.ts";
import { type Kysely, sql } from "kysely";
import { ProjectionFailure, projectBatch } from "./project-batch.ts";
import type { Projection } from "./projection.ts";
import { type ProjectionState, recordFailure, StaleProjectionStates } from "./projection-states.ts";

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
 *
 * `states` are the read models' states as the runner holds them between batches (first read with
 * `ensureProjectionStates`); they are brought up to date when the batch commits. Returns false when
 * they no longer match the stored ones: the runner reads them again.
 */
export async function runBatch(
  db: Kysely<unknown>,
  schema: string,
  after: number,
  events: RecordedEvent[],
  projections: Projection<{ id: string }>[],
  states: Map<string, ProjectionState>,
  options: BatchOptions,
): Promise<boolean> {
  const hold = (next: Map<string, ProjectionState>) => {
    for (const [name, state] of next) states.set(name, state);
  };
  try {
    const next = await db
      .transaction()
      .execute((trx) => projectBatch(trx, schema, after, events, projections, states, options));
    if (next) hold(next);
    return next !== null;
  } catch (error) {
    if (error instanceof StaleProjectionStates) return false;
    if (!(error instanceof ProjectionFailure)) throw error;
  }
  const stopped: StoppedProjection[] = [];
  const walked = await db.transaction().execute(async (trx) => {
    let from = after;
    let held = states;
    for (const event of events) {
      for (;;) {
        await sql`savepoint projection_event`.execute(trx);
        try {
          const next = await projectBatch(trx, schema, from, [event], projections, held, { notify: options.notify });
          if (!next) return { held, complete: false };
          await sql`release savepoint projection_event`.execute(trx);
          held = next;
          break;
        } catch (error) {
          if (error instanceof StaleProjectionStates) {
            await sql`rollback to savepoint projection_event`.execute(trx);
            return { held, complete: false };
          }
          if (!(error instanceof ProjectionFailure)) throw error;
          // Each failure stops one more read model, so this ends; the event is then tried without it.
          await sql`rollback to savepoint projection_event`.execute(trx);
          const name = error.projection.table;
          await recordFailure(trx, schema, name, event.position, error.reason);
          const state = held.get(name);
          if (state) {
            held = new Map(held).set(name, {
              ...state,
              failedPosition: event.position,
              failure: error.reason,
              failedAt: new Date(),
            });
          }
          stopped.push({ name, position: event.position, reason: error.reason });
        }
      }
      from = event.position;
    }
    return { held, complete: true };
  });
  hold(walked.held);
  if (walked.complete) for (const failure of stopped) options.onStopped?.(failure);
  return walked.complete;
}
