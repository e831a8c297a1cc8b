import { Dexie } from "dexie";
import { keysInScope } from "./held-in-scope.ts";
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
import type { RowStore } from "./row-store.ts";
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
    const emptied = messages.filter((message) => message.part === 0).map((message) => message.scope);
    // In the order the parts came: a part 0 takes its scope out of those held, its last part puts it back.
    const moved = messages.filter((message) => message.part === 0 || message.last);
    // Every read asked at once: one wait before the writes, not one per read, while the database
    // may have nothing else to do.
    const [view, held, state] = await Promise.all([
      OutboxView.load(db),
      Promise.all(emptied.map((scope) => heldInScope(db, scope))),
      moved.length > 0 ? readSyncState(db) : null,
    ]);
    const updates = emptyUpdates();
    let part0 = 0;
    for (const message of messages) {
      if (message.part === 0) appendUpdates(updates, scopeEmptied(view, message.scope, held[part0++] ?? []));
      for (const row of message.rows) {
        if ("same" in row) addUpdate(updates, row.entity, row.id, [message.scope], SAME);
        else addUpdate(updates, row.entity, row.id, snapshotRowScopes(message.scope, row), row.data);
      }
    }
    let scopes = state?.scopes ?? [];
    for (const { scope, last } of moved) {
      if (last && !scopes.includes(scope)) scopes = [...scopes, scope];
      if (!last && scopes.includes(scope)) scopes = scopes.filter((other) => other !== scope);
    }
    await Promise.all([
      writeUpdates(db, view, updates),
      state && scopes !== state.scopes ? writeScopes(db, scopes) : null,
    ]);
  });
}

/**
 * The scopes holding a snapshot row in full: the part's own and those it names `also`, or only
 * those it names `in` (a candidacy's person going with it in the project's part).
 */
function snapshotRowScopes(scope: string, row: { also?: string[]; in?: string[] }): readonly string[] {
  if (row.in) return row.in;
  return row.also ? [scope, ...row.also] : [scope];
}

/** Applies rows in order, then moves the cursor: a cursor names the last position applied in full. */
export function applyChanges(db: ReplicaDb, message: ChangesMessage): Promise<void> {
  return replicaTransaction(db, async () => {
    const updates = emptyUpdates();
    for (const { entity, id, scope, op, data } of message.rows) {
      addUpdate(updates, entity, id, [scope], op === "put" ? data : null);
    }
    // A live change waits on each round trip to the database in turn, and another user's edit
    // shows only once it commits: the outbox and the rows are read together, and the cursor
    // written with the rows (the transaction makes them land together all the same).
    await Promise.all([writeUpdates(db, OutboxView.load(db), updates), writeCursor(db, message.cursor)]);
  });
}

/** Access to the scope ended: its rows go, except where another held scope still has them. */
export function dropScope(db: ReplicaDb, scope: string): Promise<void> {
  return replicaTransaction(db, async () => {
    const [view, held, { scopes }] = await Promise.all([
      OutboxView.load(db),
      heldInScope(db, scope),
      readSyncState(db),
    ]);
    await writeUpdates(db, view, scopeEmptied(view, scope, held));
    await writeScopes(
      db,
      scopes.filter((other) => other !== scope),
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
      if (!message.scopes.includes(scope))
        await writeUpdates(db, view, scopeEmptied(view, scope, await heldInScope(db, scope)));
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

/** The keys of the rows each table holds for `scope`, in `tableNames`' order. */
function heldInScope(db: ReplicaDb, scope: string): Promise<string[][]> {
  // Asked all at once: every catch-up opens with a part 0 per scope, before any screen has rows,
  // and one read after another would cost a round trip per table each.
  return Promise.all(tableNames.map((table) => keysInScope(db, table, scope)));
}

/**
 * Updates taking every row the scope holds (`held`, from heldInScope) out of it, pending rows
 * included; later updates for the same rows win.
 */
function scopeEmptied(view: OutboxView, scope: string, held: readonly string[][]): Updates {
  const updates = emptyUpdates();
  const scopes = [scope];
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

/**
 * Every table's stored rows are asked for at once, and each table's writes go as soon as its rows
 * are in, without waiting for another's: the database works through them in order.
 */
async function writeUpdates(db: ReplicaDb, loading: OutboxView | Promise<OutboxView>, updates: Updates): Promise<void> {
  const view = Promise.resolve(loading);
  const written = await Promise.all(tableNames.map((table) => writeTable(db, view, table, updates[table])));
  await Promise.all([...written.map((table) => table.done), (await view).save(db)]);
}

/**
 * Folds one table's updates, in order, over the rows as stored. A row with commands pending keeps
 * its optimistic data: the server's row becomes the before-image of the oldest of them instead,
 * so a rejection restores what the server holds now. Its scopes follow the server either way.
 */
async function writeTable<T extends TableName>(
  db: ReplicaDb,
  loading: Promise<OutboxView>,
  table: T,
  updates: readonly ServerUpdate<T>[],
): Promise<{ done: Promise<unknown> }> {
  if (updates.length === 0) return { done: Promise.resolve() };
  const store = db.rowStores[table];
  const ids = [...new Set(updates.map((update) => update.id))];
  // The rows are asked for while the outbox is still being read, not after.
  const [view, loaded] = await Promise.all([loading, storedRows(store, ids)]);
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
  // Not waited for here: the outbox's before-images (updated above) go meanwhile.
  // Puts, then deletes: a table's middleware (pipeline-counts.ts) reads what the one before wrote.
  const done = (async () => {
    if (puts.length > 0) await store.bulkPut(puts);
    if (deletes.length > 0) await store.bulkDelete(deletes);
  })();
  // A failure is the caller's to see (it awaits `done`), not a rejection left unhandled meanwhile.
  done.catch(() => undefined);
  return { done };
}

/** Below this many ids a row is read by id; from it on, the keys held in their range are read first. */
const READ_KEYS_FROM = 50;
/**
 * Keys read in a range per id asked, at most, before reading every id instead. A key read in a
 * range costs IndexedDB a step of a cursor (about 1.5 µs of the browser process in the pipeline
 * bench's Chrome trace), a row read by id a request of its own, answered by an event in the page
 * (some 80 µs of both processes): a catch-up's part of 1,000 candidacies, whose ids spread over
 * the 20,000 held already, reads their keys rather than 1,000 rows that are not there.
 */
const KEYS_PER_ID = 25;

/**
 * The stored rows of `ids`, undefined where none is. For many ids, one read of the keys held
 * between the least and the greatest of them comes first, and only rows held are read: a snapshot
 * part filling a fresh replica reads nothing more. Keys that crowd the range (a few ids spread over
 * a full table) make it read every id instead.
 */
async function storedRows<R>(store: RowStore<R>, ids: readonly string[]): Promise<(R | undefined)[]> {
  const [first, ...rest] = ids;
  if (first === undefined || ids.length < READ_KEYS_FROM) return store.bulkGet(ids);
  let least = first;
  let greatest = first;
  for (const id of rest) {
    if (id < least) least = id;
    if (id > greatest) greatest = id;
  }
  const most = KEYS_PER_ID * ids.length;
  const held = await store.idsBetween(least, greatest, most);
  if (held.length >= most) return store.bulkGet(ids);
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
