import { Dexie, type Table } from "dexie";
import { OutboxView } from "./outbox-view.ts";
import { placementOf, rememberStoredCandidacies } from "./pipeline-counts.ts";
import {
  parseRow,
  type ReplicaDb,
  type ReplicaRows,
  replicaTransaction,
  type Stored,
  type TableName,
  tableNames,
  tableOfEntity,
  withScopeFields,
} from "./replica-db.ts";
import type { ChangesMessage, ReadyMessage, SnapshotMessage } from "./server-message.ts";
import { readSyncState, writeCursor, writeScopes } from "./sync-state.ts";

/**
 * One server row for some scopes (one, or a snapshot row's scope and those it names `also`): its
 * data, null when the scopes no longer hold it, or SAME when they hold the row as an earlier
 * snapshot of this catch-up sent it.
 */
interface ServerUpdate<T extends TableName> {
  id: string;
  scopes: readonly string[];
  row: ReplicaRows[T] | null | typeof SAME;
}
const SAME = "same";
type Updates = { [T in TableName]: ServerUpdate<T>[] };

/**
 * A snapshot's first part replaces every row of its scope; later parts add theirs. The scope is
 * held from the last part on, and not from the first part until then: the hello names the scopes
 * held in full as of the cursor, so a connection lost half-way asks for this one again, and for
 * no scope already in. The cursor stays: the server's changes move it.
 */
export function applySnapshot(db: ReplicaDb, message: SnapshotMessage): Promise<void> {
  return applySnapshots(db, [message]);
}

/**
 * Snapshot parts, of one scope or several, in one transaction: the same as one after another
 * (each part 0 still replaces its scope's rows before the rows after it are added), but a row that
 * several of them carry is read and written once, and the whole pile costs one commit.
 */
export function applySnapshots(db: ReplicaDb, messages: readonly SnapshotMessage[]): Promise<void> {
  return replicaTransaction(db, async () => {
    const view = await OutboxView.load(db);
    const updates = emptyUpdates();
    for (const message of messages) {
      if (message.part === 0) appendUpdates(updates, await scopeEmptied(db, view, message.scope));
      for (const row of message.rows) {
        if ("same" in row) addUpdate(updates, row.entity, row.id, [message.scope], SAME);
        else
          addUpdate(updates, row.entity, row.id, row.also ? [message.scope, ...row.also] : [message.scope], row.data);
      }
    }
    await writeUpdates(db, view, updates);
    // In the order the parts came: a part 0 takes its scope out of those held, its last part puts it back.
    const moved = messages.filter((message) => message.part === 0 || message.last);
    if (moved.length === 0) return;
    const { scopes } = await readSyncState(db);
    let held = scopes;
    for (const { scope, last } of moved) {
      if (last && !held.includes(scope)) held = [...held, scope];
      if (!last && held.includes(scope)) held = held.filter((other) => other !== scope);
    }
    if (held !== scopes) await writeScopes(db, held);
  });
}

/** Applies rows in order, then moves the cursor: a cursor names the last position applied in full. */
export function applyChanges(db: ReplicaDb, message: ChangesMessage): Promise<void> {
  return replicaTransaction(db, async () => {
    const view = await OutboxView.load(db);
    const updates = emptyUpdates();
    for (const { entity, id, scope, op, data } of message.rows) {
      addUpdate(updates, entity, id, [scope], op === "put" ? data : null);
    }
    await writeUpdates(db, view, updates);
    await writeCursor(db, message.cursor);
  });
}

/** Access to the scope ended: its rows go, except where another held scope still has them. */
export function dropScope(db: ReplicaDb, scope: string): Promise<void> {
  return replicaTransaction(db, async () => {
    const view = await OutboxView.load(db);
    await writeUpdates(db, view, await scopeEmptied(db, view, scope));
    const { scopes } = await readSyncState(db);
    await writeScopes(
      db,
      scopes.filter((held) => held !== scope),
    );
  });
}

/**
 * Caught up: the cursor moves (a fresh replica gets only snapshots, so this is where its cursor
 * first moves), and the server's list of scopes becomes ours. A scope we hold that is missing from
 * it has already been dropped by the server; dropping it here too keeps the replica to that list.
 */
export function applyReady(db: ReplicaDb, message: ReadyMessage): Promise<void> {
  return replicaTransaction(db, async () => {
    const view = await OutboxView.load(db);
    const { scopes } = await readSyncState(db);
    for (const scope of scopes) {
      if (!message.scopes.includes(scope)) await writeUpdates(db, view, await scopeEmptied(db, view, scope));
    }
    await writeScopes(db, message.scopes);
    await writeCursor(db, message.cursor);
  });
}

function emptyUpdates(): Updates {
  return {
    workspaces: [],
    workspace_members: [],
    users: [],
    people: [],
    workflows: [],
    projects: [],
    candidacies: [],
    project_users: [],
    invitations: [],
    sequences: [],
    credentials: [],
    payloads: [],
    messages: [],
    opt_out_clearances: [],
  };
}

/** Updates taking every row the scope holds out of it; later updates for the same rows win. */
async function scopeEmptied(db: ReplicaDb, view: OutboxView, scope: string): Promise<Updates> {
  const updates = emptyUpdates();
  const scopes = [scope];
  // Asked all at once: every catch-up opens with a part 0 per scope, before any screen has rows,
  // and one read after another would cost a round trip per table each.
  const held = await Promise.all(
    tableNames.map((table) => db.rowTables[table].where("scopes").equals(scope).primaryKeys()),
  );
  tableNames.forEach((table, index) => {
    for (const id of new Set([...(held[index] ?? []), ...view.idsInScope(table, scope)])) {
      updates[table].push({ id, scopes, row: null });
    }
  });
  return updates;
}

/** `more` after what `updates` holds, table by table. */
function appendUpdates(updates: Updates, more: Updates): void {
  for (const table of tableNames) appendTable(updates, more, table);
}

function appendTable<T extends TableName>(updates: Updates, more: Updates, table: T): void {
  const list: ServerUpdate<T>[] = updates[table];
  for (const update of more[table]) list.push(update);
}

function addUpdate(
  updates: Updates,
  entity: string,
  id: string,
  scopes: readonly string[],
  data: Record<string, unknown> | null | typeof SAME,
): void {
  const table = tableOfEntity(entity);
  // A newer server may sync entities this client has no table for; they are not ours to keep.
  if (table) pushUpdate(updates, table, id, scopes, data);
}

function pushUpdate<T extends TableName>(
  updates: Updates,
  table: T,
  id: string,
  scopes: readonly string[],
  data: Record<string, unknown> | null | typeof SAME,
): void {
  updates[table].push({ id, scopes, row: data === null || data === SAME ? data : parseRow(table, data) });
}

async function writeUpdates(db: ReplicaDb, view: OutboxView, updates: Updates): Promise<void> {
  for (const table of tableNames) await writeTable(db, view, table, updates[table]);
  await view.save(db);
}

/**
 * Folds one table's updates, in order, over the rows as stored. A row with commands pending keeps
 * its optimistic data: the server's row becomes the before-image of the oldest of them instead,
 * so a rejection restores what the server holds now. Its scopes follow the server either way.
 */
async function writeTable<T extends TableName>(
  db: ReplicaDb,
  view: OutboxView,
  table: T,
  updates: readonly ServerUpdate<T>[],
): Promise<void> {
  if (updates.length === 0) return;
  const store = db.rowTables[table];
  const ids = [...new Set(updates.map((update) => update.id))];
  const loaded = await storedRows(store, ids);
  // The pipeline counts need the rows as stored before the write: these are they.
  const trans = Dexie.currentTransaction?.idbtrans;
  if (table === "candidacies" && trans) {
    rememberStoredCandidacies(
      trans,
      ids.map((id, index) => [id, placementOf(loaded[index])] as const),
    );
  }
  const shown = new Map(ids.map((id, index) => [id, loaded[index] ?? null]));
  for (const update of updates) {
    const { id, scopes } = update;
    const current = shown.get(id) ?? null;
    const base = view.baseOf(table, id);
    // The same as held: the stored row stands for the server's (its scopes are set anew below).
    const row = update.row === SAME ? (base ? base.row : current) : update.row;
    // Nothing held to be the same as (it cannot happen within one catch-up): the next changes bring it.
    if (update.row === SAME && row === null) continue;
    if (!base) {
      shown.set(id, serverRow(table, current, scopes, row));
      continue;
    }
    const server = serverRow(table, base.row, scopes, row);
    view.rebase(table, id, server);
    if (current) shown.set(id, { ...current, scopes: server?.scopes ?? [] });
  }
  const puts: Stored<ReplicaRows[T]>[] = [];
  const deletes: string[] = [];
  for (const [id, row] of shown) {
    if (row) puts.push(row);
    else deletes.push(id);
  }
  if (puts.length > 0) await store.bulkPut(puts);
  if (deletes.length > 0) await store.bulkDelete(deletes);
}

/** Below this many ids a row is read by id; from it on, the keys held in their range are read first. */
const READ_KEYS_FROM = 50;

/**
 * The stored rows of `ids`, undefined where none is. For many ids, one read of the keys held
 * between the least and the greatest of them comes first, and only rows held are read: a snapshot
 * part (its ids in order) filling a fresh replica reads nothing more. Keys that crowd the range
 * (a few ids spread over a full table) make it read every id instead.
 */
async function storedRows<R>(store: Table<R, string>, ids: readonly string[]): Promise<(R | undefined)[]> {
  const [first, ...rest] = ids;
  if (first === undefined || ids.length < READ_KEYS_FROM) return store.bulkGet([...ids]);
  let least = first;
  let greatest = first;
  for (const id of rest) {
    if (id < least) least = id;
    if (id > greatest) greatest = id;
  }
  const most = 2 * ids.length;
  const held = await store.where("id").between(least, greatest, true, true).limit(most).primaryKeys();
  if (held.length >= most) return store.bulkGet([...ids]);
  const heldIds = new Set(held);
  const wanted = ids.filter((id) => heldIds.has(id));
  const rows = wanted.length === 0 ? [] : await store.bulkGet(wanted);
  const byId = new Map(wanted.map((id, index) => [id, rows[index]]));
  return ids.map((id) => byId.get(id));
}

/** The server's row after one update from `scopes`: gone once no held scope has it. */
function serverRow<T extends TableName>(
  table: T,
  current: Stored<ReplicaRows[T]> | null,
  scopes: readonly string[],
  row: ReplicaRows[T] | null,
): Stored<ReplicaRows[T]> | null {
  const others = (current?.scopes ?? []).filter((held) => !scopes.includes(held));
  if (row) return withScopeFields(table, { ...row, scopes: [...others, ...scopes], _pending: 0 });
  if (!current || others.length === 0) return null;
  return withScopeFields(table, { ...current, scopes: others });
}
