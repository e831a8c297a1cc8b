import { DomainError } from "@hirestream/contracts/errors.ts";
import type { EventStore, RecordedEvent } from "@hirestream/eventstore/event-store.ts";
import { type Kysely, sql, type Transaction } from "kysely";
import { CHECKPOINT } from "../project-batch.ts";
import type { Reaction, ReactionRegistry } from "./reaction.ts";

export const REACTIONS_CHECKPOINT = "reactions";

export interface ReactorOptions {
  db: Kysely<unknown>;
  store: EventStore;
  reactions: ReactionRegistry;
  /** The row in `reaction_checkpoints`; one per reactor. */
  name?: string;
  /**
   * The read-model schema the reactor stays behind: an event is reacted to once the read models
   * hold it, so a reaction may read them (the names in a mail) as of its event or later.
   */
  readSchema?: string;
  batchSize?: number;
  idleMs?: number;
  onError?: (error: unknown) => void;
}

export interface RunningReactor {
  stop(): Promise<void>;
}

/**
 * Follows the event log from its own checkpoint (in `reaction_checkpoints`, apart from the read
 * models, so a rebuild of them runs no reaction again) and gives each event to the reactions
 * registered for its type: one transaction per such event, which moves the checkpoint past it.
 */
export function startReactor(options: ReactorOptions): RunningReactor {
  const { db, store, reactions } = options;
  const name = options.name ?? REACTIONS_CHECKPOINT;
  const readSchema = options.readSchema ?? "read";
  const batchSize = options.batchSize ?? 1000;
  const idleMs = options.idleMs ?? 20;
  const report =
    options.onError ??
    ((error: unknown) => console.error("reactions:", error instanceof Error ? error.message : error));
  let stopped = false;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** Moves the checkpoint from `from` to `to` in `trx`; false when another reactor moved it first. */
  async function move(trx: Kysely<unknown>, from: number, to: number): Promise<boolean> {
    const { rows } = await sql<{ position: string }>`select position from reaction_checkpoints
      where name = ${name} for update`.execute(trx);
    if (Number(rows[0]?.position ?? -1) !== from) return false;
    await sql`update reaction_checkpoints set position = ${to} where name = ${name}`.execute(trx);
    return true;
  }

  async function runReactions(event: RecordedEvent, trx: Transaction<unknown>): Promise<void> {
    for (const reaction of reactions.get(event.type) ?? []) {
      await sql`savepoint reaction`.execute(trx);
      try {
        await reaction.react(event, trx);
      } catch (error) {
        // A refusal by the domain stands on every retry: the event is passed over (with nothing
        // of what the reaction wrote), and said so. Anything else rolls back and runs again.
        if (!(error instanceof DomainError)) throw error;
        await sql`rollback to savepoint reaction`.execute(trx);
        report(new Error(`${reaction.name} refused for event ${event.id}: ${error.code} ${error.message}`));
      }
    }
  }

  async function react(event: RecordedEvent, from: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (!(await move(trx, from, event.position))) return false;
      await runReactions(event, trx);
      return true;
    });
  }

  const batchable = [...reactions.values()].every((list) => list.every((reaction) => reaction.reactBatch));

  /**
   * The batch's events given to each reaction's `reactBatch` together, in one transaction that
   * moves the checkpoint from `from` to `to`: false when another reactor moved it first, or when a
   * reaction refused (the batch then goes event by event, to pass over only what is refused).
   */
  async function reactTogether(events: readonly RecordedEvent[], from: number, to: number): Promise<boolean> {
    try {
      return await db.transaction().execute(async (trx) => {
        if (!(await move(trx, from, to))) return false;
        const byReaction = new Map<Reaction, RecordedEvent[]>();
        for (const event of events) {
          for (const reaction of reactions.get(event.type) ?? []) {
            const list = byReaction.get(reaction);
            if (list) list.push(event);
            else byReaction.set(reaction, [event]);
          }
        }
        for (const [reaction, list] of byReaction) await reaction.reactBatch?.(list, trx);
        return true;
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return false;
    }
  }

  const loop = (async () => {
    while (!stopped) {
      try {
        let after = await checkpointOf(db, name);
        while (!stopped) {
          const projected = await projectedUpTo(db, readSchema);
          const events = projected > after ? await store.readAll({ after, limit: batchSize }) : [];
          const due = events.filter((event) => event.position <= projected);
          if (due.length === 0) {
            await sleep(idleMs);
            continue;
          }
          let moved = true;
          const last = due[due.length - 1]?.position ?? after;
          if (batchable && last > after && (await reactTogether(due, after, last))) {
            after = last;
            continue;
          }
          for (const event of due) {
            if (!reactions.has(event.type)) continue;
            moved = await react(event, after);
            if (!moved) break;
            after = event.position;
          }
          if (!moved) break;
          // Past the events nothing reacts to, in one step.
          if (last > after) {
            if (!(await db.transaction().execute((trx) => move(trx, after, last)))) break;
            after = last;
          }
        }
      } catch (error) {
        if (stopped) break;
        report(error);
        await sleep(500);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}

export async function checkpointOf(db: Kysely<unknown>, name: string): Promise<number> {
  await sql`insert into reaction_checkpoints (name, position) values (${name}, 0)
    on conflict (name) do nothing`.execute(db);
  const { rows } = await sql<{ position: string }>`select position from reaction_checkpoints
    where name = ${name}`.execute(db);
  return Number(rows[0]?.position ?? 0);
}

async function projectedUpTo(db: Kysely<unknown>, schema: string): Promise<number> {
  const { rows } = await sql<{ position: string }>`select position from ${sql.table(`${schema}.checkpoint`)}
    where name = ${CHECKPOINT}`.execute(db);
  return Number(rows[0]?.position ?? 0);
}
