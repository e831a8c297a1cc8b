import { Dexie } from "dexie";
import { candidacyKeysInProjectScope } from "./candidacy-store.ts";
import { workspaceOrderRange } from "./people-order.ts";
import type { ReplicaDb, TableName } from "./replica-db.ts";

const scopeParts = /^(user|ws|proj):(.+)$/;

/**
 * The keys of the rows `table` holds for `scope`. Most tables index their rows' scopes. People and
 * candidacies do not (replica-versions.ts, version 19): the indexes their lists read find the rows
 * whose fields say they may be in the scope, and their scopes say whether they are. A person may be
 * in their owner's scope (`user:`) and in each of their workspaces' (`ws:`: the workspace scopes
 * that hold a person give its workspaces, withScopeFields); a candidacy in its project's (`proj:`).
 */
export async function keysInScope(db: ReplicaDb, table: TableName, scope: string): Promise<string[]> {
  if (table !== "people" && table !== "candidacies")
    return db.rowTables[table].where("scopes").equals(scope).primaryKeys();
  const [, kind, id] = scopeParts.exec(scope) ?? [];
  if (!id) return [];
  const holds = (row: { scopes: readonly string[] }) => row.scopes.includes(scope);
  if (table === "candidacies") return kind === "proj" ? candidacyKeysInProjectScope(db, id, scope) : [];
  if (kind === "user") {
    return db.people
      .where("[owner_id+order_key]")
      .between([id, Dexie.minKey], [id, Dexie.maxKey], true, true)
      .filter(holds)
      .primaryKeys();
  }
  if (kind !== "ws") return [];
  const [from, to] = workspaceOrderRange(id);
  // One key per workspace a person is in: a person is found once.
  return db.people.where("workspace_order").between(from, to, true, false).filter(holds).primaryKeys();
}
