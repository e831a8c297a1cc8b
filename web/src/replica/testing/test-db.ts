import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { ReplicaDb } from "../replica-db.ts";

/**
 * A replica on its own in-memory IndexedDB, so tests share nothing. `reopen()` opens the same
 * database as a new instance, as a reload would.
 */
export function openTestDb(): { db: ReplicaDb; reopen: () => ReplicaDb } {
  const indexedDB = new IDBFactory();
  const name = `replica-${crypto.randomUUID()}`;
  const open = () => new ReplicaDb(name, { indexedDB, IDBKeyRange });
  return { db: open(), reopen: open };
}
