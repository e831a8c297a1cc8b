import { type UserRow, userRow } from "@hirestream/contracts/accounts/rows.ts";
import { type CandidacyRow, candidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import { type CredentialRow, credentialRow } from "@hirestream/contracts/credentials/rows.ts";
import { type InvitationRow, invitationRow } from "@hirestream/contracts/invitations/rows.ts";
import { type MessageRow, messageRow } from "@hirestream/contracts/mailbox/message-rows.ts";
import { type OptOutClearanceRow, optOutClearanceRow } from "@hirestream/contracts/opt-outs/rows.ts";
import { type PersonRow, personSyncRow } from "@hirestream/contracts/people/rows.ts";
import { type PayloadRow, payloadRow } from "@hirestream/contracts/processors/rows.ts";
import {
  type ProjectRow,
  type ProjectUserRow,
  projectRow,
  projectUserRow,
} from "@hirestream/contracts/projects/rows.ts";
import { type SequenceRow, sequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import { type WorkflowRow, workflowRow } from "@hirestream/contracts/workflows/rows.ts";
import {
  type WorkspaceMemberRow,
  type WorkspaceRow,
  workspaceMemberRow,
  workspaceRow,
} from "@hirestream/contracts/workspaces/rows.ts";
import { Dexie, type DexieOptions, type EntityTable, type Table } from "dexie";
import { z } from "zod";
import { candidacyRowStore } from "./candidacy-store.ts";
import { peopleOrderMiddleware } from "./people-order.ts";
import { PIPELINE_COUNTS, type PipelineCountsRow, pipelineCountsMiddleware } from "./pipeline-counts.ts";
import { declareReplicaVersions, type ReplicaSchemas } from "./replica-versions.ts";
import { type RowStore, tableRowStore } from "./row-store.ts";

/** The rows each replica table holds, as the server's change log carries them. */
export interface ReplicaRows {
  workspaces: WorkspaceRow;
  workspace_members: WorkspaceMemberRow;
  users: UserRow;
  people: PersonRow;
  workflows: WorkflowRow;
  projects: ProjectRow;
  candidacies: CandidacyRow;
  project_users: ProjectUserRow;
  invitations: InvitationRow;
  sequences: SequenceRow;
  credentials: CredentialRow;
  payloads: PayloadRow;
  messages: MessageRow;
  opt_out_clearances: OptOutClearanceRow;
}
export type TableName = keyof ReplicaRows;
export const tableNames: readonly TableName[] = [
  "workspaces",
  "workspace_members",
  "users",
  "people",
  "workflows",
  "projects",
  "candidacies",
  "project_users",
  "invitations",
  "sequences",
  "credentials",
  "payloads",
  "messages",
  "opt_out_clearances",
];

/**
 * A row as stored. `scopes` lists the sync scopes that hold it: one row can sit in two (a
 * workspace member is in `ws:{workspace}` and `user:{user}`), and it leaves the replica only when
 * the last of them lets go. `_pending` counts outbox commands touching it, for the UI's mark.
 */
export type Stored<R> = R & { scopes: string[]; _pending: number };

export type ReplicaTables = { [T in TableName]: Table<Stored<ReplicaRows[T]>, string> };

/** Each table's rows by id, for code that works on any of them (row-store.ts). */
export type ReplicaRowStores = { [T in TableName]: RowStore<Stored<ReplicaRows[T]>> };

/** The change log's entity names, and the table each lands in: the one place they meet. */
const entityTables = new Map<string, TableName>([
  ["workspace", "workspaces"],
  ["workspace_member", "workspace_members"],
  ["user", "users"],
  ["person", "people"],
  ["workflow", "workflows"],
  ["project", "projects"],
  ["candidacy", "candidacies"],
  ["project_user", "project_users"],
  ["invitation", "invitations"],
  ["sequence", "sequences"],
  ["credential", "credentials"],
  ["payload", "payloads"],
  ["message", "messages"],
  ["opt_out_clearance", "opt_out_clearances"],
]);

const rowSchemas: { [T in TableName]: z.ZodType<ReplicaRows[T]> } = {
  workspaces: workspaceRow,
  workspace_members: workspaceMemberRow,
  users: userRow,
  // Its workspaces come from the scopes that hold it (withScopeFields), once they are known. Log
  // entries written before sync protocol 5 still name them: those are read past, not trusted.
  people: personSyncRow
    .extend({ workspace_ids: z.array(z.string()).optional() })
    .transform(({ workspace_ids: _named, ...person }): PersonRow => ({ ...person, workspace_ids: [] })),
  workflows: workflowRow,
  projects: projectRow,
  candidacies: candidacyRow,
  project_users: projectUserRow,
  invitations: invitationRow,
  sequences: sequenceRow,
  credentials: credentialRow,
  payloads: payloadRow,
  messages: messageRow,
  opt_out_clearances: optOutClearanceRow,
};

/** Undefined for an entity this client does not mirror (a newer server may send more). */
export function tableOfEntity(entity: string): TableName | undefined {
  return entityTables.get(entity);
}

/** A workspace's scope, `ws:{id}`: its id. */
const workspaceScope = /^ws:(.+)$/;

/** Fields a server row takes from the scopes that hold it here, rather than from its data. */
const scopeFields: { [T in TableName]?: (row: Stored<ReplicaRows[T]>) => Stored<ReplicaRows[T]> } = {
  // The workspaces this user shares with the person: the server names no others (personSyncRow).
  people: (person) => ({
    ...person,
    workspace_ids: person.scopes.flatMap((scope) => workspaceScope.exec(scope)?.[1] ?? []),
  }),
};

export function withScopeFields<T extends TableName>(table: T, row: Stored<ReplicaRows[T]>): Stored<ReplicaRows[T]> {
  const fill = scopeFields[table];
  return fill ? fill(row) : row;
}

/**
 * Rows read by their schema, by the object that carried them. A message's rows are read as it
 * arrives (server-message.ts), while the one before it is still being written: applying it then
 * finds them read. Entries go with the messages.
 */
const readRows: { [T in TableName]: WeakMap<object, ReplicaRows[T]> } = {
  workspaces: new WeakMap(),
  workspace_members: new WeakMap(),
  users: new WeakMap(),
  people: new WeakMap(),
  workflows: new WeakMap(),
  projects: new WeakMap(),
  candidacies: new WeakMap(),
  project_users: new WeakMap(),
  invitations: new WeakMap(),
  sequences: new WeakMap(),
  credentials: new WeakMap(),
  payloads: new WeakMap(),
  messages: new WeakMap(),
  opt_out_clearances: new WeakMap(),
};

function readRowsOf<T extends TableName>(table: T): WeakMap<object, ReplicaRows[T]> {
  return readRows[table];
}

/** Rows cross the wire as JSON objects; the contract's schema makes them typed rows. */
export function parseRow<T extends TableName>(table: T, data: Record<string, unknown>): ReplicaRows[T] {
  const read = readRowsOf(table);
  const known = read.get(data);
  if (known) return known;
  const row = rowSchemas[table].parse(data);
  read.set(data, row);
  return row;
}

/** Whether `data` is a row of `table` by its contract; one that is will not be read again. */
export function isRowOf(table: TableName, data: Record<string, unknown>): boolean {
  const read = readRowsOf(table);
  if (read.has(data)) return true;
  const parsed = rowSchemas[table].safeParse(data);
  if (parsed.success) read.set(data, parsed.data);
  return parsed.success;
}

/** `owner` is the uid the replica was filled for: another user signing in on this browser starts afresh. */
export type MetaEntry =
  | { key: "cursor"; value: number }
  | { key: "scopes"; value: string[] }
  | { key: "owner"; value: string }
  /** The scopes a catch-up is still sending: their rows are on the way (sync-state.ts). */
  | { key: "coming"; value: string[] }
  /** The scopes of a catch-up whose few rows (part 0) have not arrived yet (sync-state.ts). */
  | { key: "unframed"; value: string[] };

/** The row as it was before a command touched it; in the oldest command touching a row, the server's row. */
export interface BeforeImage<T extends TableName> {
  row: Stored<ReplicaRows[T]> | null;
  /** Sync has replaced `row` since the command was queued. */
  fromServer: boolean;
}
/** Keyed by table, then row id, so code working on one table keeps its row type. Every table is present. */
export type BeforeImages = { [T in TableName]: Record<string, BeforeImage<T>> };

export function noBeforeImages(): BeforeImages {
  return {
    workspaces: {},
    workspace_members: {},
    users: {},
    people: {},
    workflows: {},
    projects: {},
    candidacies: {},
    project_users: {},
    invitations: {},
    sequences: {},
    credentials: {},
    payloads: {},
    messages: {},
    opt_out_clearances: {},
  };
}

export type WriteMethod = "POST" | "PUT" | "PATCH" | "DELETE";

export interface OutboxEntry {
  seq: number;
  /** The command's uuid, sent as Idempotency-Key. */
  id: string;
  method: WriteMethod;
  /** Relative to the flusher's base URL. */
  path: string;
  /** Sent as JSON; null sends no body. */
  body: unknown;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  beforeImages: BeforeImages;
}

/** The browser's share of the read models, plus the writes it has not yet seen accepted. */
export class ReplicaDb extends Dexie {
  readonly workspaces: ReplicaTables["workspaces"];
  readonly workspace_members: ReplicaTables["workspace_members"];
  readonly users: ReplicaTables["users"];
  readonly people: ReplicaTables["people"];
  readonly workflows: ReplicaTables["workflows"];
  readonly projects: ReplicaTables["projects"];
  readonly candidacies: ReplicaTables["candidacies"];
  readonly project_users: ReplicaTables["project_users"];
  readonly invitations: ReplicaTables["invitations"];
  readonly sequences: ReplicaTables["sequences"];
  readonly credentials: ReplicaTables["credentials"];
  readonly payloads: ReplicaTables["payloads"];
  readonly messages: ReplicaTables["messages"];
  readonly opt_out_clearances: ReplicaTables["opt_out_clearances"];
  /** Derived from candidacies, never synced: see pipeline-counts.ts. */
  readonly pipeline_counts: EntityTable<PipelineCountsRow, "project_id">;
  readonly meta: Table<MetaEntry, MetaEntry["key"]>;
  readonly outbox: EntityTable<OutboxEntry, "seq">;
  /** The replica tables by name, for code that reads any of them on its own indexes (held-in-scope.ts). */
  readonly rowTables: ReplicaTables;
  /** The replica tables' rows by name and id, for code that reads and writes any of them (row-store.ts). */
  readonly rowStores: ReplicaRowStores;

  /** `schemas`: see ReplicaSchemas; every version unless the caller knows none needs upgrading. */
  constructor(name: string, options?: DexieOptions, schemas: ReplicaSchemas = "every") {
    super(name, options);
    declareReplicaVersions(this, schemas);
    this.use(pipelineCountsMiddleware);
    this.use(peopleOrderMiddleware);
    this.workspaces = this.table("workspaces");
    this.workspace_members = this.table("workspace_members");
    this.users = this.table("users");
    this.people = this.table("people");
    this.workflows = this.table("workflows");
    this.projects = this.table("projects");
    this.candidacies = this.table("candidacies");
    this.project_users = this.table("project_users");
    this.invitations = this.table("invitations");
    this.sequences = this.table("sequences");
    this.credentials = this.table("credentials");
    this.payloads = this.table("payloads");
    this.messages = this.table("messages");
    this.opt_out_clearances = this.table("opt_out_clearances");
    this.pipeline_counts = this.table(PIPELINE_COUNTS);
    this.meta = this.table("meta");
    this.outbox = this.table("outbox");
    this.rowTables = {
      workspaces: this.workspaces,
      workspace_members: this.workspace_members,
      users: this.users,
      people: this.people,
      workflows: this.workflows,
      projects: this.projects,
      candidacies: this.candidacies,
      project_users: this.project_users,
      invitations: this.invitations,
      sequences: this.sequences,
      credentials: this.credentials,
      payloads: this.payloads,
      messages: this.messages,
      opt_out_clearances: this.opt_out_clearances,
    };
    this.rowStores = {
      workspaces: tableRowStore(this.workspaces),
      workspace_members: tableRowStore(this.workspace_members),
      users: tableRowStore(this.users),
      people: tableRowStore(this.people),
      workflows: tableRowStore(this.workflows),
      projects: tableRowStore(this.projects),
      candidacies: candidacyRowStore(this),
      project_users: tableRowStore(this.project_users),
      invitations: tableRowStore(this.invitations),
      sequences: tableRowStore(this.sequences),
      credentials: tableRowStore(this.credentials),
      payloads: tableRowStore(this.payloads),
      messages: tableRowStore(this.messages),
      opt_out_clearances: tableRowStore(this.opt_out_clearances),
    };
  }
}

/** Every change to rows, meta and outbox goes through one read-write transaction over all of them. */
export function replicaTransaction<R>(db: ReplicaDb, work: () => Promise<R>): Promise<R> {
  return db.transaction(
    "rw",
    [
      db.workspaces,
      db.workspace_members,
      db.users,
      db.people,
      db.workflows,
      db.projects,
      db.candidacies,
      db.project_users,
      db.invitations,
      db.sequences,
      db.credentials,
      db.payloads,
      db.messages,
      db.opt_out_clearances,
      db.pipeline_counts,
      db.meta,
      db.outbox,
    ],
    work,
  );
}
