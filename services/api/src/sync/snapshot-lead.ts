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

/** The first column of each row: the ids a query lists. */
async function idsOf(db: Queryable, name: string, text: string, values: unknown[]): Promise<string[]> {
  const { rows } = await db.query<[string]>({ name, text, values, rowMode: "array" });
  return rows.map(([id]) => id);
}

/** The first page of the Talent Pool, and more: the people the user owns, in list order. */
function poolLead(db: Queryable, userId: string): Promise<string[]> {
  return idsOf(
    db,
    "sync-lead-pool",
    `select id from read.people where owner_id = $1 order by ${PEOPLE_ORDER} limit $2`,
    [userId, FIRST_PART_ROWS],
  );
}

/** The first page of a workspace's People, and more, in list order. */
function workspaceLead(db: Queryable, workspaceId: string): Promise<string[]> {
  return idsOf(
    db,
    "sync-lead-workspace",
    `select id from read.people where workspace_ids @> array[$1]::uuid[] order by ${PEOPLE_ORDER} limit $2`,
    [workspaceId, FIRST_PART_ROWS],
  );
}

/** The first page of a project's People tab (All), and more: its candidacies in the board's order. */
function boardLead(db: Queryable, projectId: string): Promise<string[]> {
  return idsOf(
    db,
    "sync-lead-board",
    `select id from read.candidacies where project_id = $1 order by ${CANDIDATES_ORDER} limit $2`,
    [projectId, FIRST_PART_ROWS],
  );
}

/** The people the board's first candidacies name, in the board's order. */
function boardPeople(db: Queryable, projectId: string): Promise<string[]> {
  return idsOf(
    db,
    "sync-lead-board-people",
    `select person_id from read.candidacies where project_id = $1 order by ${CANDIDATES_ORDER} limit $2`,
    [projectId, FIRST_PART_ROWS],
  );
}

const scopeParts = /^(user|ws|proj):(.+)$/;

/** Most lead rows looked up for a first part: some of the lead may be gone, a few more than a part. */
const LEAD_READ_MAX = 2 * FIRST_PART_ROWS;

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
 * The many rows of `scope` that its screen shows first, in the screen's order: the Talent Pool's
 * first people for a user's scope, a workspace's People for a workspace's, the board's first
 * candidacies for a project's. A workspace's scope also holds the people a project's board names:
 * when the focus puts a project before it, the people of that board's first candidacies lead.
 * Read from the read models, outside the catch-up's snapshot: it only orders the scope's own keys,
 * so a row changed since is merely not first.
 */
export async function leadRowsOf(db: Queryable, scope: string, focus: readonly string[]): Promise<LeadRow[]> {
  const [, kind, id] = scopeParts.exec(scope) ?? [];
  if (!id) return [];
  if (kind === "user") return (await poolLead(db, id)).map((person) => `person:${person}`);
  if (kind === "proj") return (await boardLead(db, id)).map((candidacy) => `candidacy:${candidacy}`);
  const named = await Promise.all(boardsBefore(scope, focus).map((projectId) => boardPeople(db, projectId)));
  const listed = await workspaceLead(db, id);
  return [...named.flat(), ...listed].map((person) => `person:${person}`);
}

/**
 * Each scope's lead, read once, with the focus as it stands when first asked: the catch-up asks
 * for the first scopes' at its start, so they are read from the read models while the few rows
 * go out.
 */
export class SnapshotLeads {
  readonly #db: Queryable;
  readonly #upTo: number;
  readonly #focus: () => readonly string[];
  readonly #read = new Map<string, Promise<LeadRow[]>>();

  constructor(db: Queryable, upTo: number, focus: () => readonly string[]) {
    this.#db = db;
    this.#upTo = upTo;
    this.#focus = focus;
  }

  /**
   * The keys of the scope's first part: its lead's rows the scope holds as of the catch-up, in the
   * lead's order, at most a first part's worth. Read by themselves, so the first part need not
   * wait for the keys of the whole scope (change-log entries never change: no snapshot needed).
   */
  async firstKeys(scope: string): Promise<SnapshotKey[]> {
    const lead = (await this.of(scope)).slice(0, LEAD_READ_MAX);
    if (lead.length === 0) return [];
    const found = await leadKeysOf(this.#db, scope, this.#upTo, lead);
    return leadFirst(found, lead).slice(0, FIRST_PART_ROWS);
  }

  of(scope: string): Promise<LeadRow[]> {
    const focus = this.#focus();
    // A workspace's lead depends on the boards focused before it: read again if they changed.
    const key = `${scope} ${boardsBefore(scope, focus).join(" ")}`;
    let lead = this.#read.get(key);
    if (!lead) {
      lead = leadRowsOf(this.#db, scope, focus);
      // Awaited when the scope's first part goes; a catch-up that ends before must not leave it unhandled.
      lead.catch(() => undefined);
      this.#read.set(key, lead);
    }
    return lead;
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
