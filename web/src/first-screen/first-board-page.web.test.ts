import { Dexie } from "dexie";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, expect, test } from "vitest";
import { candidacy, person, uuid } from "../components/pipeline/testing/pipeline-rows.ts";
import { PAGE_SIZE_DEFAULT } from "../constants.ts";
import type { ReplicaDb } from "../replica/replica-db.ts";
import { alice, member, project, user, workspace, ws1 } from "../replica/testing/rows.ts";
import { openTestDb } from "../replica/testing/test-db.ts";
import { projectCountsQuery } from "../replica/use-project-counts.ts";
import { beginFirstBoardPage, boardPageKey, earlyBoardPage } from "./first-board-page.ts";
import { earlyProject, projectReadKey } from "./first-project.ts";
import { answered } from "./testing/answered.ts";

// A live query runs only where the page's global IndexedDB exists (each test's replica has its own).
Dexie.dependencies.indexedDB ??= new IDBFactory();

const projectId = "00000000-0000-4000-8000-0000000000b1";
const email = user(alice).email;
const stage = { id: uuid(900), name: "Applied" };
const held = { scopes: [`ws:${ws1}`], _pending: 0 };

afterEach(() => {
  earlyBoardPage.end();
  earlyProject.end();
});

/** Alice's workspace with her project and one candidate in it; her own row when `withUser`. */
async function replicaWith(withUser: boolean): Promise<ReplicaDb> {
  const { db } = openTestDb();
  await db.workspaces.put({ ...workspace(ws1, { name: "Shared" }), ...held });
  await db.workspace_members.put({ ...member(ws1, alice), ...held });
  if (withUser) await db.users.put({ ...user(alice), ...held });
  await db.projects.put({
    ...project(projectId, ws1, { name: "Quiet search" }),
    scopes: [`proj:${projectId}`],
    _pending: 0,
  });
  await db.people.put(person(1, { workspace_ids: [ws1] }));
  await db.candidacies.put(candidacy(uuid(1), stage, { project_id: projectId, workspace_id: ws1 }));
  return db;
}

const firstPageKey = boardPageKey({
  workspaceId: ws1,
  projectId,
  stageId: null,
  page: 1,
  pageSize: PAGE_SIZE_DEFAULT,
});

test("a board's early read has its page, the project with the user's role and the project's counts before the page renders", async () => {
  const db = await replicaWith(true);
  await beginFirstBoardPage(db, email, ws1, projectId);

  expect(earlyBoardPage.answerFor(firstPageKey)?.items.map((item) => item.person?.first_name)).toEqual(["Person1"]);
  expect(earlyProject.answerFor(projectReadKey(projectId, email))).toMatchObject({
    project: { id: projectId, name: "Quiet search", role: "owner", workspaceName: "Shared" },
    workflow: null,
    userId: alice,
  });
  expect(projectCountsQuery(db, projectId).loaded?.value?.all).toBe(1);
  expect(earlyProject.answerFor(projectReadKey(projectId, "someone.else@example.com"))).toBeUndefined();
});

test("the project's early read answers nothing while the replica lacks the user's row, and the project once it comes", async () => {
  const db = await replicaWith(false);
  await beginFirstBoardPage(db, email, ws1, projectId);
  const key = projectReadKey(projectId, email);
  expect(earlyProject.answerFor(key)).toBeUndefined();

  await db.users.put({ ...user(alice), ...held });
  expect(await answered(earlyProject, key)).toMatchObject({ project: { id: projectId, role: "owner" } });
});
