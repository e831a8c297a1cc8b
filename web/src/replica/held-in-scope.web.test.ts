import { expect, test } from "vitest";
import {
  candidacy,
  otherProjectId,
  otherWorkspaceId,
  ownerId,
  person,
  projectId,
  uuid,
  workspaceId,
} from "../components/pipeline/testing/pipeline-rows.ts";
import { applySnapshot, dropScope } from "./apply-sync.ts";
import { keysInScope } from "./held-in-scope.ts";
import type { TableName } from "./replica-db.ts";
import type { SnapshotMessage } from "./server-message.ts";
import { snapshotPart } from "./testing/sync-frames.ts";
import { openTestDb } from "./testing/test-db.ts";

// People and candidacies keep no index of their scopes: the rows a scope holds are found from the
// fields their scopes are made of, and must be exactly those whose scopes name it.

const stage = { id: uuid(900), name: "Sourced" };
const someoneElse = uuid(901);
const mine = `user:${ownerId}`;
const ws = `ws:${workspaceId}`;
const otherWs = `ws:${otherWorkspaceId}`;
const project = `proj:${projectId}`;
const otherProject = `proj:${otherProjectId}`;

function personRow(n: number, owner: string): SnapshotMessage["rows"][number] {
  const { scopes: _scopes, _pending, workspace_ids: _ids, ...data } = person(n, { owner_id: owner });
  return { entity: "person", id: data.id, data };
}
function candidacyRow(n: number, project_id: string): SnapshotMessage["rows"][number] {
  const { scopes: _scopes, _pending, ...data } = candidacy(uuid(n), stage, { project_id });
  return { entity: "candidacy", id: data.id, data };
}

async function expectScopesFound(db: ReturnType<typeof openTestDb>["db"], scopes: string[]) {
  for (const table of ["people", "candidacies"] satisfies TableName[]) {
    const rows = await db.rowTables[table].toArray();
    for (const scope of scopes) {
      const holding = rows.filter((row) => row.scopes.includes(scope)).map((row) => row.id);
      expect((await keysInScope(db, table, scope)).sort(), `${table} in ${scope}`).toEqual(holding.sort());
    }
  }
}

test("finds exactly the people and candidacies each scope holds, as the sync wrote them and after a scope is dropped", async () => {
  const { db } = openTestDb();
  const scopes = [mine, ws, otherWs, project, otherProject, `user:${someoneElse}`];
  // My people, some also in one workspace or both; a colleague's person in a workspace only.
  await applySnapshot(
    db,
    snapshotPart(
      mine,
      [1, 2, 3, 4].map((n) => personRow(n, ownerId)),
    ),
  );
  await applySnapshot(db, snapshotPart(ws, [...[2, 3].map((n) => personRow(n, ownerId)), personRow(5, someoneElse)]));
  await applySnapshot(
    db,
    snapshotPart(
      otherWs,
      [3, 4].map((n) => personRow(n, ownerId)),
    ),
  );
  await applySnapshot(
    db,
    snapshotPart(
      project,
      [1, 2, 5].map((n) => candidacyRow(n, projectId)),
    ),
  );
  await applySnapshot(db, snapshotPart(otherProject, [candidacyRow(3, otherProjectId)]));
  expect(await db.people.count()).toBe(5);
  expect(await db.candidacies.count()).toBe(4);
  await expectScopesFound(db, scopes);

  // A part 0 sent again replaces the scope's rows: a person left the workspace, and the one left
  // in no scope goes.
  await applySnapshot(db, snapshotPart(ws, [personRow(2, ownerId)]));
  expect(await db.people.get(uuid(5))).toBeUndefined();
  expect((await db.people.get(uuid(3)))?.scopes.sort()).toEqual([mine, otherWs].sort());
  await expectScopesFound(db, scopes);

  await dropScope(db, otherWs);
  await dropScope(db, project);
  expect((await db.people.get(uuid(4)))?.scopes).toEqual([mine]);
  expect((await db.candidacies.toArray()).map((row) => row.scopes)).toEqual([[otherProject]]);
  await expectScopesFound(db, scopes);
});
