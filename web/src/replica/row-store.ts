import type { Table } from "dexie";

/**
 * What code that works on any of the replica's tables (the sync's writes, the outbox's optimistic
 * rows and their settling, the space freed for a fresh sync) does with one table's rows, by id.
 * Each table is a Dexie table of one record per row today; a table whose rows come to be stored
 * otherwise (a person's candidacies inside the person's record, say) answers the same calls, and
 * that code does not change.
 */
export interface RowStore<R> {
  /** The Dexie tables a transaction over these rows must name. */
  readonly tables: readonly Table[];
  get(id: string): Promise<R | undefined>;
  /** In the order asked, undefined where none is held. */
  bulkGet(ids: readonly string[]): Promise<(R | undefined)[]>;
  put(row: R): Promise<unknown>;
  bulkPut(rows: readonly R[]): Promise<unknown>;
  delete(id: string): Promise<unknown>;
  bulkDelete(ids: readonly string[]): Promise<unknown>;
  /** Every id held, least first. */
  ids(): Promise<string[]>;
  /** The ids held from `least` to `greatest` (both in), least first, at most `limit` of them. */
  idsBetween(least: string, greatest: string, limit: number): Promise<string[]>;
}

/** A table of one record per row, keyed by the row's id: the calls are Dexie's own. */
export function tableRowStore<R>(table: Table<R, string>): RowStore<R> {
  return {
    tables: [table],
    get: (id) => table.get(id),
    bulkGet: (ids) => table.bulkGet([...ids]),
    put: (row) => table.put(row),
    bulkPut: (rows) => table.bulkPut(rows),
    delete: (id) => table.delete(id),
    bulkDelete: (ids) => table.bulkDelete([...ids]),
    ids: () => table.toCollection().primaryKeys(),
    idsBetween: (least, greatest, limit) =>
      table.where(":id").between(least, greatest, true, true).limit(limit).primaryKeys(),
  };
}
