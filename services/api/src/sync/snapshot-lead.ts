import { FIRST_PART_ROWS } from "@hirestream/contracts/sync/messages.ts";
import type { Queryable, SnapshotKey } from "./change-feed.ts";

/** A row a scope's first part of many carries before the rest, as `entity:id`. */
type LeadRow = string;

// The lists' orders, as the screens sort them (web: people-order.ts, pipeline-queries.ts) and as
// the HTTP lists do (people-queries.ts): people by last name, then first name, case aside, numbers
// as numbers, nameless last; a project's candidates newest added first, then by id, descending.
const PEOPLE_ORDER = `lower(last_name) collate public.name_order asc nulls last,
                      lower(first_name) collate public.name_order asc nulls last, id`;
const CANDIDATES_ORDER = "created_at desc, id desc";

/**
 * The lists a screen shows first, as the read models hold them: which rows (`where`, `$1` the
 * scope's id) in which order, and the person each row is or names.
 */
const LEADS = {
  /** The Talent Pool: the people the user owns. */
  pool: { table: "read.people", person: "id", where: "owner_id = $1", order: PEOPLE_ORDER },
  /** A workspace's People. */
  workspace: { table: "read.people", person: "id", where: "workspace_ids @> array[$1]::uuid[]", order: PEOPLE_ORDER },
  /** A project's People tab (All): its candidacies, each naming its person. */
  board: { table: "read.candidacies", person: "person_id", where: "project_id = $1", order: CANDIDATES_ORDER },
} as const;

/** A row of a lead: its id, and the person it is (a person) or names (a candidacy). */
interface LeadListed {
  id: string;
  person: string;
}

/** The read of a lead's first rows: `$1` the scope's id, `$2` how many. */
export function leadListText(lead: keyof typeof LEADS): string {
  const { table, person, where, order } = LEADS[lead];
  return `select id, ${person} from ${table} where ${where} order by ${order} limit $2`;
}

/** The first page of a lead's list, and more: a first part's worth of rows, in the list's order. */
async function listed(db: Queryable, lead: keyof typeof LEADS, id: string): Promise<LeadListed[]> {
  const { rows } = await db.query<[string, string]>({
    name: `sync-lead-${lead}`,
    text: leadListText(lead),
    values: [id, FIRST_PART_ROWS],
    rowMode: "array",
  });
  return rows.map(([row, named]) => ({ id: row, person: named }));
}

const scopeParts = /^(user|ws|proj):(.+)$/;

/** The newest change-log entry of each lead row in the scope as of `upTo`, when it is a put. */
async function leadKeysOf(
  db: Queryable,
  scope: string,
  upTo: number,
  lead: readonly LeadRow[],
): Promise<SnapshotKey[]> {
  const rows = lead.map((row) => {
    const colon = row.indexOf(":");
    return { entity: row.slice(0, colon), id: row.slice(colon + 1) };
  });
  const { rows: found } = await db.query<Omit<SnapshotKey, "position"> & { position: string }>({
    name: "sync-lead-keys",
    text: `select entity, id, position, seq from (
             select distinct on (entity, id) entity, id, position, seq, op from read.change_log
             where scope = $1 and position <= $2 and entity = any($3::text[]) and id = any($4::text[])
             order by entity, id, position desc, seq desc) latest
           where op = 'put'`,
    values: [scope, upTo, [...new Set(rows.map((row) => row.entity))], rows.map((row) => row.id)],
  });
  return found.map((row) => ({ ...row, position: Number(row.position) }));
}

/** The projects the focus names before `scope`: their boards' people lead a workspace's scope. */
function boardsBefore(scope: string, focus: readonly string[]): string[] {
  const before = focus.slice(0, Math.max(0, focus.indexOf(scope)));
  return before.flatMap((focused) => /^proj:(.+)$/.exec(focused)?.[1] ?? []);
}

/**
 * Each scope's lead, read once, with the focus as it stands when first asked: the catch-up asks
 * for the first scopes' at its start, so they are read from the read models while the few rows
 * go out. The lead of a scope is the many rows its screen shows first, in the screen's order:
 * the Talent Pool's first people for a user's scope, a workspace's People for a workspace's, the
 * board's first candidacies for a project's. A workspace's scope also holds the people a
 * project's board names: when the focus puts a project before it, the people of that board's
 * first candidacies lead (the board is read once for both). Read from the read models, outside
 * the catch-up's snapshot: a lead only orders the scope's own keys, so a row changed since is
 * merely not first.
 */
export class SnapshotLeads {
  readonly #db: Queryable;
  readonly #upTo: number;
  readonly #focus: () => readonly string[];
  readonly #read = new Map<string, Promise<LeadRow[]>>();
  /** Each scope's first part's keys (`firstKeys`), by the same key as its lead. */
  readonly #firsts = new Map<string, Promise<SnapshotKey[]>>();
  /** Each board's first candidacies, by project: its scope's lead and its workspace's both need them. */
  readonly #boards = new Map<string, Promise<LeadListed[]>>();

  /** Rows of a first part. */
  readonly #size: number;

  constructor(db: Queryable, upTo: number, focus: () => readonly string[], size: number = FIRST_PART_ROWS) {
    this.#db = db;
    this.#upTo = upTo;
    this.#focus = focus;
    this.#size = size;
  }

  /**
   * The keys of the scope's first part: its lead's rows the scope holds as of the catch-up, in the
   * lead's order, at most a first part's worth. Read by themselves, so the first part need not
   * wait for the keys of the whole scope (change-log entries never change: no snapshot needed),
   * and once: the catch-up asks for the first scopes' as it starts, so they are in by the time the
   * few rows are out.
   */
  firstKeys(scope: string): Promise<SnapshotKey[]> {
    const key = this.#keyOf(scope);
    let first = this.#firsts.get(key);
    if (!first) {
      first = this.#firstKeysOf(scope);
      // Awaited when the scope's first part goes; a catch-up that ends before must not leave it unhandled.
      first.catch(() => undefined);
      this.#firsts.set(key, first);
    }
    return first;
  }

  async #firstKeysOf(scope: string): Promise<SnapshotKey[]> {
    // A workspace after a focused board: when the board's people fill the part, the workspace's
    // own People (its whole list sorted by name, the slowest read of a lead) wait for the rest.
    const named = await this.#namedBefore(scope);
    if (named.length >= this.#size) {
      const first = await this.#leadKeys(scope, named);
      if (first.length >= this.#size) return first;
    }
    return this.#leadKeys(scope, await this.of(scope));
  }

  /** The lead rows the scope holds as of the catch-up, in the lead's order, at most a part's worth. */
  async #leadKeys(scope: string, lead: readonly LeadRow[]): Promise<SnapshotKey[]> {
    // Some of the lead may be gone from the scope: a few more rows are looked up than a part holds.
    const read = lead.slice(0, 2 * this.#size);
    if (read.length === 0) return [];
    const found = await leadKeysOf(this.#db, scope, this.#upTo, read);
    return leadFirst(found, read).slice(0, this.#size);
  }

  /** The people of the boards the focus puts before a workspace's scope, in their boards' order. */
  async #namedBefore(scope: string): Promise<LeadRow[]> {
    const [, kind] = scopeParts.exec(scope) ?? [];
    if (kind !== "ws") return [];
    const boards = await Promise.all(boardsBefore(scope, this.#focus()).map((projectId) => this.#board(projectId)));
    return boards.flat().map((row) => `person:${row.person}`);
  }

  /** A workspace's lead depends on the boards focused before it: read again if they changed. */
  #keyOf(scope: string): string {
    return `${scope} ${boardsBefore(scope, this.#focus()).join(" ")}`;
  }

  of(scope: string): Promise<LeadRow[]> {
    const focus = this.#focus();
    const key = this.#keyOf(scope);
    let lead = this.#read.get(key);
    if (!lead) {
      lead = this.#rowsOf(scope, focus);
      // Awaited when the scope's first part goes; a catch-up that ends before must not leave it unhandled.
      lead.catch(() => undefined);
      this.#read.set(key, lead);
    }
    return lead;
  }

  async #rowsOf(scope: string, focus: readonly string[]): Promise<LeadRow[]> {
    const [, kind, id] = scopeParts.exec(scope) ?? [];
    if (!id) return [];
    if (kind === "user") return (await listed(this.#db, "pool", id)).map((row) => `person:${row.id}`);
    if (kind === "proj") return (await this.#board(id)).map((row) => `candidacy:${row.id}`);
    const [named, own] = await Promise.all([
      Promise.all(boardsBefore(scope, focus).map((projectId) => this.#board(projectId))),
      listed(this.#db, "workspace", id),
    ]);
    return [...named.flat(), ...own].map((row) => `person:${row.person}`);
  }

  #board(projectId: string): Promise<LeadListed[]> {
    let board = this.#boards.get(projectId);
    if (!board) {
      board = listed(this.#db, "board", projectId);
      this.#boards.set(projectId, board);
    }
    return board;
  }
}

/**
 * The keys in the order they go: the lead rows first, in the lead's order (those the scope holds),
 * then the rest as they were. The same keys either way; only their order moves.
 */
export function leadFirst(keys: readonly SnapshotKey[], lead: readonly LeadRow[]): SnapshotKey[] {
  if (lead.length === 0) return [...keys];
  const byRow = new Map(keys.map((key) => [`${key.entity}:${key.id}`, key]));
  const first: SnapshotKey[] = [];
  for (const row of lead) {
    const key = byRow.get(row);
    if (!key) continue;
    first.push(key);
    byRow.delete(row);
  }
  const taken = new Set(first);
  return [...first, ...keys.filter((key) => !taken.has(key))];
}
