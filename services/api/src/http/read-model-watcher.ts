import { CHANGES_CHANNEL as channel } from "@hirestream/projector/project-batch.ts";
import pg from "pg";

/** Knows how far the projector has got, so a read can wait for its own writes. */
export interface ReadModelWatcher {
  position(): number;
  /** Resolves true once read models include `position`, false after `timeoutMs`. */
  waitFor(position: number, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

/** LISTENs for the projector's NOTIFY; polls the checkpoint as well, in case a notification is missed. */
export async function watchReadModels(connectionString: string): Promise<ReadModelWatcher> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  let current = 0;
  const waiters = new Set<{ position: number; resolve: (reached: boolean) => void }>();
  const advance = (position: number) => {
    if (position <= current) return;
    current = position;
    for (const waiter of waiters) {
      if (waiter.position <= current) {
        waiters.delete(waiter);
        waiter.resolve(true);
      }
    }
  };
  const poll = async () => {
    const { rows } = await client.query<{ position: string }>(
      "select position from read.checkpoint where name = 'projector'",
    );
    advance(Number(rows[0]?.position ?? 0));
  };
  client.on("notification", (message) => {
    if (message.channel === channel) advance(Number(message.payload ?? 0));
  });
  // A failed poll (e.g. during a schema swap) is retried on the next tick.
  client.on("error", () => undefined);
  await client.query(`listen ${channel}`);
  await poll();
  const timer = setInterval(() => {
    if (waiters.size > 0) poll().catch(() => undefined);
  }, 100);

  return {
    position: () => current,
    waitFor(position, timeoutMs) {
      if (position <= current) return Promise.resolve(true);
      return new Promise((resolve) => {
        const waiter = { position, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) resolve(false);
        }, timeoutMs);
      });
    },
    async close() {
      clearInterval(timer);
      for (const waiter of waiters) waiter.resolve(false);
      waiters.clear();
      await client.end();
    },
  };
}
