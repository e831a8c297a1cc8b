import {
  type BeforeImage,
  type BeforeImages,
  type OutboxEntry,
  type ReplicaDb,
  type TableName,
  tableNames,
} from "./replica-db.ts";

const keyOf = (table: TableName, id: string) => `${table}/${id}`;

/**
 * The outbox as one Dexie transaction sees it, with the rule that ties it to the tables: for each
 * row, the oldest command touching it holds the server's row as its before-image, and each later
 * command holds the optimistic state the one before it left. Load and save inside the transaction.
 */
export class OutboxView {
  readonly #entries: OutboxEntry[];
  readonly #changed = new Set<OutboxEntry>();
  readonly #removed: number[] = [];
  #byRow = new Map<string, OutboxEntry[]>();

  private constructor(entries: OutboxEntry[]) {
    this.#entries = entries;
    this.#reindex();
  }

  static async load(db: ReplicaDb): Promise<OutboxView> {
    // Copies: what Dexie hands out may be shared with its cache, and these get edited in place.
    const entries = await db.outbox.orderBy("seq").toArray();
    return new OutboxView(entries.map((entry) => structuredClone(entry)));
  }

  get entries(): readonly OutboxEntry[] {
    return this.#entries;
  }

  /** Commands touching the row, oldest first. */
  touching(table: TableName, id: string): readonly OutboxEntry[] {
    return this.#byRow.get(keyOf(table, id)) ?? [];
  }

  /** The server's row as last seen, while commands are pending on it; undefined when none are. */
  baseOf<T extends TableName>(table: T, id: string): BeforeImage<T> | undefined {
    const oldest = this.touching(table, id)[0];
    return oldest ? imageOf(oldest, table, id) : undefined;
  }

  setImage<T extends TableName>(entry: OutboxEntry, table: T, id: string, image: BeforeImage<T>): void {
    const images = entry.beforeImages[table];
    const isNew = !Object.hasOwn(images, id);
    setKey(images, id, image);
    this.#changed.add(entry);
    if (isNew) this.#reindex();
  }

  /** Sync brought the server's row while commands are pending on it: it becomes their base. */
  rebase<T extends TableName>(table: T, id: string, row: BeforeImage<T>["row"]): void {
    const oldest = this.touching(table, id)[0];
    if (oldest) this.setImage(oldest, table, id, { row, fromServer: true });
  }

  /** Ids of pending rows whose server row, as last seen, is held by `scope`. */
  idsInScope(table: TableName, scope: string): string[] {
    const ids: string[] = [];
    for (const [key, [oldest]] of this.#byRow) {
      if (!oldest || !key.startsWith(`${table}/`)) continue;
      const id = key.slice(table.length + 1);
      if (imageOf(oldest, table, id)?.row?.scopes.includes(scope)) ids.push(id);
    }
    return ids;
  }

  remove(entry: OutboxEntry): void {
    const index = this.#entries.indexOf(entry);
    if (index < 0) return;
    this.#entries.splice(index, 1);
    this.#changed.delete(entry);
    this.#removed.push(entry.seq);
    this.#reindex();
  }

  /** Writes back the entries edited or removed. */
  async save(db: ReplicaDb): Promise<void> {
    if (this.#changed.size > 0) await db.outbox.bulkPut([...this.#changed]);
    if (this.#removed.length > 0) await db.outbox.bulkDelete(this.#removed);
    this.#changed.clear();
    this.#removed.length = 0;
  }

  #reindex(): void {
    this.#byRow = new Map();
    for (const entry of this.#entries) {
      for (const table of tableNames) {
        for (const id of Object.keys(entry.beforeImages[table])) {
          const key = keyOf(table, id);
          this.#byRow.set(key, [...(this.#byRow.get(key) ?? []), entry]);
        }
      }
    }
  }
}

export function imageOf<T extends TableName>(entry: OutboxEntry, table: T, id: string): BeforeImage<T> | undefined {
  const images = entry.beforeImages[table];
  return Object.hasOwn(images, id) ? images[id] : undefined;
}

/** Records a before-image in a command being built. */
export function putImage<T extends TableName>(images: BeforeImages, table: T, id: string, image: BeforeImage<T>): void {
  setKey(images[table], id, image);
}

// Indexing `BeforeImages[T]` for writing is refused for a generic T; a plain record is not.
function setKey<V>(record: Record<string, V>, key: string, value: V): void {
  record[key] = value;
}
