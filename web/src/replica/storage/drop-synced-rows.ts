import { OutboxView } from "../outbox-view.ts";
import { type ReplicaDb, replicaTransaction, type TableName, tableNames } from "../replica-db.ts";

/**
 * Frees the space the replica's synced rows take, for a sync from cursor 0 to fill again. The
 * outbox stays, and so do the rows its commands touched as they show now (the optimistic state
 * the user sees): the fresh snapshot makes the server's rows their before-images, as any sync
 * does. Cursor and scopes go, so the next hello asks for everything. One transaction: a failure
 * leaves the replica as it was.
 */
export function dropSyncedRows(db: ReplicaDb): Promise<void> {
  return replicaTransaction(db, async () => {
    const view = await OutboxView.load(db);
    for (const table of tableNames) await keepPendingOnly(db, table, pendingIds(view, table));
    await db.meta.bulkDelete(["cursor", "scopes"]);
  });
}

function pendingIds(view: OutboxView, table: TableName): string[] {
  return [...new Set(view.entries.flatMap((entry) => Object.keys(entry.beforeImages[table])))];
}

async function keepPendingOnly<T extends TableName>(db: ReplicaDb, table: T, keep: string[]): Promise<void> {
  const store = db.rowStores[table];
  const kept = new Set(keep);
  // Deletes only, nothing rewritten: on a full disk, a transaction that writes may fail where one that frees succeeds.
  const ids = await store.ids();
  await store.bulkDelete(ids.filter((id) => !kept.has(id)));
}
