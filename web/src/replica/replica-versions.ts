import type { CandidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import type { PersonRow } from "@hirestream/contracts/people/rows.ts";
import type { Dexie, Transaction } from "dexie";
import { withOrderKeys } from "./people-order.ts";
import { PIPELINE_COUNTS, type PipelineCountsRow, recountPipelines } from "./pipeline-counts.ts";

/** One version of the replica's schema: the tables it adds or changes, and what it does to rows held before it. */
interface ReplicaVersion {
  version: number;
  stores: Record<string, string>;
  upgrade?: (tx: Transaction) => Promise<void>;
}

/** The next connection starts from no cursor: a full snapshot replaces the rows held. */
const resnapshot = async (tx: Transaction) => {
  await tx.table("meta").delete("cursor");
};

/**
 * The replica's schema, version by version: Dexie opens a profile's older replica at its version
 * and runs each later one's upgrade in turn, so none is ever changed once released.
 */
const replicaVersions: readonly ReplicaVersion[] = [
  {
    version: 1,
    stores: {
      workspaces: "id, *scopes, user_id, name",
      workspace_members: "id, *scopes, workspace_id, user_id",
      users: "id, *scopes",
      meta: "key",
      outbox: "++seq, &id",
    },
  },
  // People: the talent pool by owner, a workspace's people by workspace, lists by last name.
  { version: 2, stores: { people: "id, *scopes, owner_id, *workspace_ids, last_name" } },
  // Workflows: a workspace's templates, and later the copies assigned to its projects.
  { version: 3, stores: { workflows: "id, *scopes, workspace_id, assigned_to" } },
  // Projects by workspace; a project's candidates by stage (the board's chips and counts), and a
  // person's projects.
  {
    version: 4,
    stores: {
      projects: "id, *scopes, workspace_id",
      candidacies: "id, *scopes, project_id, [project_id+stage_id], person_id, workspace_id",
    },
  },
  // Each project's candidate counts, in all and by stage, counted once from what is held.
  {
    version: 5,
    stores: { [PIPELINE_COUNTS]: "project_id" },
    upgrade: async (tx) => {
      const held = await tx.table<CandidacyRow>("candidacies").toArray();
      await tx.table<PipelineCountsRow>(PIPELINE_COUNTS).bulkPut(recountPipelines(held));
    },
  },
  // Project members and invitations. Rows of these kinds that came before were not kept (the
  // client had no table for them), so the next connection starts from no cursor: a full snapshot.
  {
    version: 6,
    stores: {
      project_users: "id, *scopes, project_id, user_id",
      invitations: "id, *scopes, to_user_id, invitable_id, workspace_id",
    },
    upgrade: resnapshot,
  },
  // A project's rows moved to a scope of the project's own (`proj:{id}`, sync protocol 4): the
  // rows held under the old scopes are replaced by a full snapshot on the next connection.
  { version: 7, stores: {}, upgrade: resnapshot },
  // A person's workspaces come from the scopes that hold it (sync protocol 5): people held
  // before are refilled by a full snapshot on the next connection.
  { version: 8, stores: {}, upgrade: resnapshot },
  // The project's People tab lists candidates newest first (when they were added, then by id):
  // an order read page by page from an index, as the id order before it was.
  {
    version: 9,
    stores: {
      candidacies:
        "id, *scopes, project_id, [project_id+stage_id], [project_id+created_at], [project_id+stage_id+created_at], person_id, workspace_id",
    },
  },
  // A workspace's sequences and its sending credentials (the spec's providers).
  {
    version: 10,
    stores: {
      sequences: "id, *scopes, workspace_id",
      credentials: "id, *scopes, workspace_id",
    },
  },
  // The Message tab's payloads, by project and stage.
  { version: 11, stores: { payloads: "id, *scopes, project_id, [project_id+stage_id], person_id" } },
  // What runs sent and received: a person's Messages, a run's thread.
  { version: 12, stores: { messages: "id, *scopes, person_id, processor_id, project_id" } },
  // A workspace's clearances of opted-out addresses, for the person page's opt-out mark.
  { version: 13, stores: { opt_out_clearances: "id, *scopes, workspace_id" } },
  // Every index costs each write of its table's rows, a project's first sync 20,000 candidacies and
  // twice as many writes of people: only the indexes some query reads stay. A query by project, or
  // project and stage, uses the start of a compound index.
  {
    version: 14,
    stores: {
      people: "id, *scopes, owner_id, *workspace_ids",
      candidacies: "id, *scopes, [project_id+created_at], [project_id+stage_id+created_at], person_id",
    },
  },
  // The people lists page from indexes in their own order (people-order.ts): the Talent Pool by
  // owner, a workspace's People by workspace; the keys of people held before are worked out here.
  {
    version: 15,
    stores: {
      people: "id, *scopes, owner_id, *workspace_ids, [owner_id+order_key], *workspace_order",
    },
    upgrade: async (tx) => {
      await tx
        .table<PersonRow & Record<string, unknown>>("people")
        .toCollection()
        .modify((person) => {
          Object.assign(person, withOrderKeys(person));
        });
    },
  },
  // Candidates added at one instant (an import) tie on when they were added: with the id in the
  // index, the board reads its page down to its last row exactly (pipeline-queries.ts' boardPage),
  // not down to everyone added with it. The same order, newest first, equal times by id.
  {
    version: 17,
    stores: {
      candidacies: "id, *scopes, [project_id+created_at+id], [project_id+stage_id+created_at+id], person_id",
    },
  },
  // Each person written costs an entry in every index of the table, and one per workspace in a
  // multi-entry one: the people lists count and read by owner and by workspace on their ordered
  // indexes (people-source.ts), so the plain ones by owner and by workspace go.
  { version: 18, stores: { people: "id, *scopes, [owner_id+order_key], *workspace_order" } },
  // The scopes index costs each person two entries (their owner's scope and their workspace's) and
  // each candidacy one, a fifth of a 20,000-candidate project's index writes, for one read: the rows
  // a scope holds when its snapshot starts again or it is dropped. People and candidacies are found
  // there by what their scopes are made of instead (held-in-scope.ts), on indexes the lists need.
  {
    version: 19,
    stores: {
      people: "id, [owner_id+order_key], *workspace_order",
      candidacies: "id, [project_id+created_at+id], [project_id+stage_id+created_at+id], person_id",
    },
  },
];

function lastOf(versions: readonly ReplicaVersion[]): ReplicaVersion {
  const last = versions[versions.length - 1];
  if (!last) throw new Error("the replica has no schema");
  return last;
}
const latest = lastOf(replicaVersions);

/** The replica's version, as Dexie numbers it. */
export const LATEST_REPLICA_VERSION = latest.version;

/**
 * Which schemas a replica opens with: `every` version, to open any replica this code or an older
 * one made; or the `latest` alone, for a profile whose replica is missing or already at the latest
 * version, which no upgrade runs on.
 */
export type ReplicaSchemas = "every" | "latest";

/**
 * Declares the replica's schema on `db`. Dexie works out each declared version's tables from
 * every version before it again, so declaring all of them costs the order of their number squared
 * (some 8 ms of a warm load's main thread, and 20 on a fresh profile): the `latest` alone, each
 * table as the versions left it, makes the same database.
 */
export function declareReplicaVersions(db: Dexie, schemas: ReplicaSchemas = "every"): void {
  if (schemas === "latest") {
    db.version(latest.version).stores(Object.assign({}, ...replicaVersions.map((each) => each.stores)));
    return;
  }
  for (const { version, stores, upgrade } of replicaVersions) {
    const declared = db.version(version).stores(stores);
    if (upgrade) declared.upgrade(upgrade);
  }
}

/**
 * The schemas to open a replica with, from what the browser listed of it (`indexedDB.databases()`,
 * null when it holds none, undefined when not asked): Dexie stores version n as IndexedDB's n × 10.
 */
export function replicaSchemasFor(found: { version?: number | undefined } | null | undefined): ReplicaSchemas {
  if (found === undefined) return "every";
  return found === null || found.version === LATEST_REPLICA_VERSION * 10 ? "latest" : "every";
}
