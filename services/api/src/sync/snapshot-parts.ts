import { type ServerMessage, SNAPSHOT_PART_ROWS, type SnapshotRow } from "@hirestream/contracts/sync/messages.ts";
import type { SnapshotKey } from "./change-feed.ts";

type SnapshotMessage = Extract<ServerMessage, { type: "snapshot" }>;

/**
 * A snapshot row to send: in full (its data still to be read), or as `same`. One in full may name
 * the other scopes of the catch-up that hold it as of the same change (`also`).
 */
export type PlannedRow = SnapshotKey & { same: boolean; also?: string[]; in?: string[] };

/** A row as sent in full: as of which change, and the scopes it was sent for. */
interface SentRow {
  position: number;
  scopes: Set<string>;
}

/** The next part of a scope's many rows, and where the part after it starts. */
export interface PlannedPart {
  rows: PlannedRow[];
  next: number;
  last: boolean;
}

/**
 * The rows of one catch-up's snapshots as they go out: a row an earlier snapshot of the same
 * catch-up sent in full, as of the same change, goes as `same` (the owner's people are in their
 * pool's scope and in each of their workspaces'), and its data is not read again. Better still,
 * a row goes once for every scope whose keys are known when it goes (`holds`): in full, naming
 * the others (`also`), which then leave it out; the replica writes it once rather than once each.
 * A row may also go with another scope's row it belongs with (`companion`: a candidacy's person in
 * the project's part), naming the scopes that hold it (`in`), which then leave it out too.
 */
export class SnapshotRows {
  readonly #sent = new Map<string, SentRow>();
  /** Row → the catch-up's scopes whose keys hold it, and as of which change. */
  readonly #holders = new Map<string, { scope: string; position: number; seq: number }[]>();

  plan(keys: readonly SnapshotKey[]): PlannedRow[] {
    return keys.map((key) => {
      const sentAs = `${key.entity}:${key.id}`;
      if (this.#sent.get(sentAs)?.position === key.position) return { ...key, same: true };
      this.#sent.set(sentAs, { position: key.position, scopes: new Set() });
      return { ...key, same: false };
    });
  }

  /** Whether the row went in full as of this change, and no change reached it since: it may go as `same`. */
  sentInFull(key: SnapshotKey): boolean {
    return this.#sent.get(`${key.entity}:${key.id}`)?.position === key.position;
  }

  /**
   * A live change reached the row: a later scope's snapshot sends it in full, even to a scope an
   * earlier row's `also` named. The client may no longer hold the row as it was sent (a change
   * took it out of the only scope holding it there).
   */
  forget(entity: string, id: string): void {
    this.#sent.delete(`${entity}:${id}`);
  }

  /** A scope of the catch-up whose many keys are read: its rows may go with another scope's. */
  holds(scope: string, keys: readonly SnapshotKey[]): void {
    for (const { entity, id, position, seq } of keys) {
      const sentAs = `${entity}:${id}`;
      const holders = this.#holders.get(sentAs);
      if (holders) holders.push({ scope, position, seq });
      else this.#holders.set(sentAs, [{ scope, position, seq }]);
    }
  }

  /**
   * A row that `scope` does not hold, to go in its part beside a row that names it (a candidacy's
   * person): in full, naming in `in` the scopes of the catch-up whose keys hold it as of one
   * change. Null when no scope whose keys are known holds it, when `scope` does (its own snapshot
   * sends it), or when it went in full as of that change already. Only a plan, as planPart's.
   */
  companion(scope: string, entity: string, id: string): PlannedRow | null {
    const sentAs = `${entity}:${id}`;
    const holders = this.#holders.get(sentAs) ?? [];
    const [first] = holders;
    if (!first || holders.some((holder) => holder.scope === scope)) return null;
    if (this.#sent.get(sentAs)?.position === first.position) return null;
    const scopes = holders.filter((holder) => holder.position === first.position).map((holder) => holder.scope);
    return { entity, id, position: first.position, seq: first.seq, same: false, in: scopes };
  }

  /**
   * Up to `size` rows of `scope` from `offset` in its keys: those sent for it already (named in an
   * earlier row's `also`) are passed over, those sent in full for another scope go as `same`, and
   * the rest go in full, naming the other known scopes holding them as of the same change. Only a
   * plan: nothing counts as sent until `sent` says so, so a plan overtaken by a new focus is dropped.
   */
  planPart(scope: string, keys: readonly SnapshotKey[], offset: number, size: number): PlannedPart {
    const rows: PlannedRow[] = [];
    let next = offset;
    for (; next < keys.length && rows.length < size; next++) {
      const key = keys[next];
      if (!key) continue;
      const sentAs = `${key.entity}:${key.id}`;
      const sent = this.#sent.get(sentAs);
      if (sent?.position === key.position) {
        if (!sent.scopes.has(scope)) rows.push({ ...key, same: true });
        continue;
      }
      const also = (this.#holders.get(sentAs) ?? []).flatMap((holder) =>
        holder.scope !== scope && holder.position === key.position ? [holder.scope] : [],
      );
      rows.push(also.length > 0 ? { ...key, same: false, also } : { ...key, same: false });
    }
    return { rows, next, last: next >= keys.length };
  }

  /** A planned part of `scope` went out. */
  sent(scope: string, rows: readonly PlannedRow[]): void {
    for (const row of rows) {
      const sentAs = `${row.entity}:${row.id}`;
      const sent = this.#sent.get(sentAs);
      if (row.same && sent) sent.scopes.add(scope);
      else this.#sent.set(sentAs, { position: row.position, scopes: new Set(row.in ?? [scope, ...(row.also ?? [])]) });
    }
  }
}

/**
 * A scope's snapshot as the messages that carry it: at least one, the last one marked. Each part's
 * data is read (`dataOf`) as the part before it goes, so the first part leaves while the rest are
 * read, and the database reads the next part while this one is serialised and sent.
 */
export async function* snapshotParts(
  scope: string,
  position: number,
  planned: readonly PlannedRow[],
  dataOf: (rows: readonly PlannedRow[]) => Promise<Record<string, unknown>[]>,
  size: number = SNAPSHOT_PART_ROWS,
): AsyncGenerator<SnapshotMessage> {
  const count = Math.max(1, Math.ceil(planned.length / size));
  const fullRowsOf = (part: number) => planned.slice(part * size, (part + 1) * size).filter((row) => !row.same);
  const read = (part: number) => {
    const reading = dataOf(fullRowsOf(part));
    // Awaited below; a read left behind when the sending stops early must not go unhandled.
    reading.catch(() => undefined);
    return reading;
  };
  let next = read(0);
  for (let part = 0; part < count; part++) {
    const slice = planned.slice(part * size, (part + 1) * size);
    const data = await next;
    if (part + 1 < count) next = read(part + 1);
    const rows = partRows(slice, data);
    yield { type: "snapshot", scope, position, part, last: part === count - 1, rows };
  }
}

/**
 * A snapshot part as the text of its frame, its rows' data spliced in as Postgres holds it (`texts`,
 * read for the rows in full, in order), never parsed and printed again on the way: the same message
 * as `partRows` makes, in a fraction of the time.
 */
export function partFrame(
  part: Omit<SnapshotMessage, "type" | "rows" | "more">,
  planned: readonly PlannedRow[],
  texts: readonly string[],
  more = false,
): string {
  const { scope, position, part: index, last } = part;
  let next = 0;
  const rows = planned.map((row) => {
    const head = `{"entity":${JSON.stringify(row.entity)},"id":${JSON.stringify(row.id)}`;
    if (row.same) return `${head},"same":true}`;
    const text = texts[next++];
    if (text === undefined) throw new Error("a snapshot row's data is missing");
    const also = row.also ? `,"also":${JSON.stringify(row.also)}` : "";
    const scopes = row.in ? `,"in":${JSON.stringify(row.in)}` : "";
    return `${head},"data":${text}${also}${scopes}}`;
  });
  const header = JSON.stringify({ type: "snapshot", scope, position, part: index, last, ...(more ? { more } : {}) });
  return `${header.slice(0, -1)},"rows":[${rows.join(",")}]}`;
}

/** A part's rows: those sent in full with `data` (read for them, in order), the rest as `same`. */
export function partRows(planned: readonly PlannedRow[], data: readonly Record<string, unknown>[]): SnapshotRow[] {
  let next = 0;
  return planned.map((row): SnapshotRow => {
    if (row.same) return { entity: row.entity, id: row.id, same: true };
    const rowData = data[next++];
    if (!rowData) throw new Error("a snapshot row's data is missing");
    return {
      entity: row.entity,
      id: row.id,
      data: rowData,
      ...(row.also ? { also: row.also } : {}),
      ...(row.in ? { in: row.in } : {}),
    };
  });
}
