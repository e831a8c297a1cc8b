import type { BatchHandler, RecordedEvent, Subscription } from "./event-store.ts";

export interface PollingOptions {
  readAll: (after: number, limit: number) => Promise<RecordedEvent[]>;
  after: number;
  handler: BatchHandler;
  batchSize: number;
  idleMs: number;
  /** Lets an in-process writer cut the idle wait short. */
  onWake: (wake: () => void) => () => void;
}

/**
 * Catch-up then live delivery by polling `$all`. The store only returns events below the
 * oldest running transaction, so a poll never skips an event that commits late.
 */
export function pollingSubscription(options: PollingOptions): Subscription {
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  const unregister = options.onWake(() => wakeUp?.());

  const done = (async () => {
    let after = options.after;
    try {
      while (!stopped) {
        const batch = await options.readAll(after, options.batchSize);
        if (stopped) break;
        if (batch.length > 0) {
          await options.handler(batch);
          const last = batch[batch.length - 1];
          if (last) after = last.position;
          if (batch.length === options.batchSize) continue;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.idleMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = undefined;
      }
    } finally {
      unregister();
    }
  })();

  return {
    done,
    async stop() {
      stopped = true;
      wakeUp?.();
      await done.catch(() => undefined);
    },
  };
}
