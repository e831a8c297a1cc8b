import { afterAll, beforeAll, expect } from "vitest";
import { startProjector } from "../projector.ts";
import { rebuildReadModels } from "../rebuild.ts";
import { openProjectorTestDb, type ProjectorTestDb } from "./projector-test-db.ts";
import { snapshotSchema } from "./schema-snapshot.ts";

// What the rebuild tests share: a database per file, the live projector brought to the log's head,
// and a full rebuild beside the serving schema to compare it with.

/** A fresh database opened before the file's tests and closed after them. */
export function useProjectorTestDb(): ProjectorTestDb {
  let opened: ProjectorTestDb | undefined;
  beforeAll(async () => {
    opened = await openProjectorTestDb();
  });
  afterAll(async () => {
    await opened?.close();
  });
  const get = () => {
    if (!opened) throw new Error("the test database opens before the file's tests run");
    return opened;
  };
  return {
    get url() {
      return get().url;
    },
    get db() {
      return get().db;
    },
    get store() {
      return get().store;
    },
    checkpoint: () => get().checkpoint(),
    close: () => get().close(),
  };
}

/** Runs the live projector, `batchSize` events a batch, until it stands at the log's head; then stops it. */
export async function projectToHead(
  { db, store, checkpoint }: ProjectorTestDb,
  options: { batchSize: number; timeout: number },
): Promise<void> {
  const live = startProjector({ db, store, idleMs: 5, batchSize: options.batchSize, onError: () => undefined });
  try {
    await expect.poll(checkpoint, { timeout: options.timeout }).toBe(await store.headPosition());
  } finally {
    await live.stop();
  }
}

/** Rebuilds every read model into `target` beside `read`, without swapping; returns both schemas' tables. */
export async function rebuiltBeside(
  { db, store }: ProjectorTestDb,
  target: string,
): Promise<{ served: Record<string, unknown[]>; rebuilt: Record<string, unknown[]> }> {
  await rebuildReadModels({ db, store, target, swap: false });
  return { served: await snapshotSchema(db, "read"), rebuilt: await snapshotSchema(db, target) };
}
