import { imageOf, OutboxView } from "./outbox-view.ts";
import { type OutboxEntry, type ReplicaDb, replicaTransaction, type TableName, tableNames } from "./replica-db.ts";
import { readSyncState } from "./sync-state.ts";

/**
 * How a sent command ended. `position` is the `meta.position` the server answered with, when it
 * did: once the cursor has reached it, the server's row held in the before-image already
 * includes this command's effect.
 */
export type Settlement = { accepted: true; position: number | null } | { accepted: false };

/**
 * Removes a command from the outbox and drops its optimistic mark, in one transaction. Accepted,
 * a row keeps its optimistic data until sync brings the server's (unless that already arrived);
 * rejected, it goes back to the server's row. Commands settle oldest first, as they are sent, so
 * this command's before-images are the server's rows; they pass on to the next command touching
 * each row. Answers false when the command was no longer there.
 */
export function settleEntry(db: ReplicaDb, seq: number, settlement: Settlement): Promise<boolean> {
  return replicaTransaction(db, async () => {
    const view = await OutboxView.load(db);
    const entry = view.entries.find((candidate) => candidate.seq === seq);
    if (!entry) return false;
    const { cursor } = await readSyncState(db);
    const caughtUp = settlement.accepted && settlement.position !== null && cursor >= settlement.position;
    view.remove(entry);
    for (const table of tableNames) await settleTable(db, view, entry, table, !settlement.accepted, caughtUp);
    await view.save(db);
    return true;
  });
}

async function settleTable<T extends TableName>(
  db: ReplicaDb,
  view: OutboxView,
  entry: OutboxEntry,
  table: T,
  rejected: boolean,
  caughtUp: boolean,
): Promise<void> {
  const store = db.rowStores[table];
  for (const id of Object.keys(entry.beforeImages[table])) {
    const image = imageOf(entry, table, id);
    if (!image) continue;
    const later = view.touching(table, id);
    const next = later[0];
    if (next) view.setImage(next, table, id, image);
    const pending = later.length;
    // Accepted with nothing else pending: the server's row wins if sync delivered it at or after the command.
    const restore = rejected || (pending === 0 && caughtUp && image.fromServer);
    if (restore) {
      if (image.row) await store.put({ ...image.row, _pending: pending });
      else await store.delete(id);
      continue;
    }
    const shown = await store.get(id);
    if (shown) await store.put({ ...shown, _pending: pending });
  }
}
