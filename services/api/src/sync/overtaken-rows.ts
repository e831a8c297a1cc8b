import type { SnapshotRows } from "./snapshot-parts.ts";

/**
 * The snapshot rows of a catch-up that live changes have overtaken. A catch-up's snapshots are as
 * of one position, and go out a part at a time, paced by the client; the changes committed after
 * that position go out as they commit, between the parts, so that a move or a rename reaches the
 * screen while the rest of the catch-up continues. A part sent before a change holds the row as it
 * was, and the client applies the change after it: the newer row wins by arriving later. A part
 * still to send must not carry a row a change has already brought, for it would overwrite the
 * newer row with the older one: such rows are left out of it. Leaving out, rather than holding the
 * change back until the scope is in, lets a change to a row already on screen show at once, and
 * costs the client nothing to check: the order on the socket is the order of the rows' versions.
 */
export class OvertakenRows {
  readonly #rows = new Map<string, Set<string>>();
  readonly #sent: SnapshotRows;

  /** `sent`: the catch-up's record of rows sent in full, which a change makes stale. */
  constructor(sent: SnapshotRows) {
    this.#sent = sent;
  }

  /** A change to the row in `scope` went out. */
  changed(row: { scope: string; entity: string; id: string }): void {
    let rows = this.#rows.get(row.scope);
    if (!rows) {
      rows = new Set();
      this.#rows.set(row.scope, rows);
    }
    rows.add(`${row.entity}:${row.id}`);
    this.#sent.forget(row.entity, row.id);
  }

  /** Whether a change to the row in `scope` went out: a part still to send leaves the row out. */
  overtook(scope: string, row: { entity: string; id: string }): boolean {
    return this.#rows.get(scope)?.has(`${row.entity}:${row.id}`) ?? false;
  }
}
