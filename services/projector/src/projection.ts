import type { DomainEvent } from "@hirestream/contracts/events.ts";
import type { Transaction } from "kysely";
import type { z } from "zod";

export interface RowKey {
  column: string;
  value: string;
}

export interface EventContext {
  position: number;
  /** When the command was decided (event metadata): read models never use the wall clock. */
  occurredAt: string;
  /** Who decided the command (event metadata), or null when no one signed in did (a sign-up, a job). */
  actorId: string | null;
  /**
   * A row of another read model as it stands at this event (read models earlier in the batch's
   * order have applied it already). Only rows the projection's `related` named for the event.
   */
  related<R extends { id: string }>(projection: Projection<R>, id: string): R | undefined;
}

/** A row of another read model that an event's `apply` reads. */
export interface RelatedRow {
  projection: Projection<{ id: string }>;
  id: string;
}

/** One read model: a table fed by events, and what of it each browser may see. */
export interface Projection<Row extends { id: string }> {
  table: string;
  /** Parses rows as loaded from the table (to_jsonb form). */
  row: z.ZodType<Row, unknown>;
  /** Rows an event needs loaded before `apply`; none when it does not concern this read model. */
  keys(event: DomainEvent): RowKey[];
  apply(rows: RowSet<Row>, event: DomainEvent, context: EventContext): void;
  /**
   * Rows of other read models `apply` reads for an event, through `context.related`: what the
   * event's own data does not carry and must be as of its position (a project's visibility for
   * the rows that follow it), loaded with the batch.
   */
  related?(event: DomainEvent): RelatedRow[];
  /** The entity name in the change log, or null when the read model is not synced to browsers. */
  entity: string | null;
  /**
   * Who a row reaches. A row whose scopes change is put in its new ones and deleted from those it
   * left, so a browser holding it through a scope it no longer has lets it go.
   */
  scopes(row: Row): string[];
  /**
   * Whether a change of a row (undefined: absent before, or gone after) may change which scopes
   * users may hold: who belongs to a workspace or project, with what role, and whether a project
   * is there and visible. Open browsers then have their scopes worked out again.
   */
  changesAccess?(before: Row | undefined, after: Row | undefined): boolean;
  toClient(row: Row): Record<string, unknown>;
  /**
   * Keeps what the batch's written rows add up to in tables of the read model's own (`tables`),
   * in the batch's transaction: set-based per batch, and moved with the read model's position.
   */
  written?(trx: Transaction<unknown>, schema: string, upserts: Row[]): Promise<void>;
  /** The tables `written` keeps, rebuilt and put in place with the read model's own. */
  tables?: string[];
}

/** The rows of one read model that a batch has loaded or written, with what each event changed. */
export class RowSet<Row extends { id: string }> {
  readonly #rows = new Map<string, Row | null>();
  readonly #original = new Map<string, Row | null>();
  #touched = new Map<string, Row | null>();

  /** Called once per batch, before any event is applied: rows found, and ids asked for but absent. */
  load(rows: Row[], requestedIds: Iterable<string>): void {
    for (const row of rows) if (!this.#rows.has(row.id)) this.#remember(row.id, row);
    for (const id of requestedIds) if (!this.#rows.has(id)) this.#remember(id, null);
  }

  get(id: string): Row | undefined {
    return this.#rows.get(id) ?? undefined;
  }

  where(column: keyof Row, value: unknown): Row[] {
    // Sorted, so the change log comes out the same whichever batch loaded the rows.
    return [...this.#rows.values()]
      .filter((row): row is Row => row !== null && row[column] === value)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  put(row: Row): void {
    if (!this.#touched.has(row.id)) this.#touched.set(row.id, this.#rows.get(row.id) ?? null);
    this.#rows.set(row.id, row);
  }

  delete(id: string): void {
    const before = this.#rows.get(id);
    if (!before) return;
    if (!this.#touched.has(id)) this.#touched.set(id, before);
    this.#rows.set(id, null);
  }

  /** What the last event changed: id → before-image (null if it did not exist). Resets the journal. */
  takeTouched(): Map<string, Row | null> {
    const touched = this.#touched;
    this.#touched = new Map();
    return touched;
  }

  /** Final state of every row that differs from what was loaded. */
  changed(): { upserts: Row[]; deletes: string[] } {
    const upserts: Row[] = [];
    const deletes: string[] = [];
    for (const [id, row] of this.#rows) {
      if (row === this.#original.get(id)) continue;
      if (row) upserts.push(row);
      else deletes.push(id);
    }
    return { upserts, deletes };
  }

  #remember(id: string, row: Row | null): void {
    this.#rows.set(id, row);
    this.#original.set(id, row);
  }
}
