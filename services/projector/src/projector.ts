import type { EventStore } from "@hirestream/eventstore/event-store.ts";
import type { Kysely } from "kysely";
import { horizonNames } from "./project-batch.ts";
import type { Projection } from "./projection.ts";
import { clearFailures, ensureProjectionStates } from "./projection-states.ts";
import { allProjections } from "./read-models/all.ts";
import { runBatch, type StoppedProjection } from "./run-batch.ts";

export interface ProjectorOptions {
  db: Kysely<unknown>;
  store: EventStore;
  schema?: string;
  projections?: Projection<{ id: string }>[];
  batchSize?: number;
  idleMs?: number;
  /** Only for crash tests: hold each batch's transaction open this long before it moves the checkpoint. */
  pauseInsideBatchMs?: number;
  onError?: (error: unknown) => void;
  /** A read model stopped at an event (logged by default); the others go on. */
  onStopped?: (stopped: StoppedProjection) => void;
  /** Observers of the batch boundaries (crash tests use them to know where a kill landed). */
  onBatchStart?: (after: number) => void;
  onBatchCommitted?: (position: number) => void;
}

export interface RunningProjector {
  stop(): Promise<void>;
}

/**
 * The live runner: follows `$all` from the read models' positions, one transaction per batch,
 * NOTIFY after each. A read model that stopped on an event stays stopped while this runner runs;
 * a new start (a fixed build) tries it again from where it stopped.
 */
export function startProjector(options: ProjectorOptions): RunningProjector {
  const schema = options.schema ?? "read";
  const projections = options.projections ?? allProjections;
  // As large as the rebuild's: catching up after a deploy or an outage, 5,000 events per
  // transaction projected ~15% faster than 2,000 (bench); at the head, batches are what arrived.
  const batchSize = options.batchSize ?? 5000;
  // Not shorter while commands stream in (tried: polled within 5 ms for a second after each batch):
  // more, smaller batches cost each event more transactions, notifications and browser frames, and
  // on a busy machine that made another browser's p99 worse, not better.
  const idleMs = options.idleMs ?? 20;
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

  const names = projections.map((projection) => projection.table);
  const onStopped =
    options.onStopped ??
    ((s: StoppedProjection) =>
      console.error(
        `projector: read model ${s.name} stopped at position ${s.position}: ${s.reason}. The others go on${horizonNames(projections).includes(s.name) ? "; browsers get changes up to it" : ""}. Fix it and restart: it resumes there.`,
      ));
  let retried = false;

  const loop = (async () => {
    while (!stopped) {
      try {
        if (!retried) {
          await clearFailures(options.db, schema, names);
          retried = true;
        }
        // Held from here on and written with each batch; read again only when they moved under it.
        const states = await ensureProjectionStates(options.db, schema, names);
        const running = [...states.values()].filter((state) => state.failedPosition === null);
        if (running.length === 0) {
          await sleep(1000);
          continue;
        }
        // The lowest position first: a read model behind the others catches up with them.
        let after = Math.min(...running.map((state) => state.position));
        while (!stopped) {
          const events = await options.store.readAll({ after, limit: batchSize });
          if (events.length === 0) {
            await sleep(idleMs);
            continue;
          }
          options.onBatchStart?.(after);
          const applied = await runBatch(options.db, schema, after, events, projections, states, {
            notify: true,
            onStopped,
            ...(options.pauseInsideBatchMs ? { pauseInsideMs: options.pauseInsideBatchMs } : {}),
          });
          if (!applied) break;
          after = events[events.length - 1]?.position ?? after;
          options.onBatchCommitted?.(after);
        }
      } catch (error) {
        // A lost connection or a swapped schema: start again from the stored positions.
        if (stopped) break;
        (options.onError ?? ((e: unknown) => console.error("projector:", e instanceof Error ? e.message : e)))(error);
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
