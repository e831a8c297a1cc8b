import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { FIRST_PART_ROWS, type ServerMessage } from "@hirestream/contracts/sync/messages.ts";
import { describe, expect, it } from "vitest";
import { candidateUrl, type PipelineProject, stageOf } from "../candidacies/testing/pipeline-fixtures.ts";
import { rowsOf, type SyncClient } from "../testing/sync-client.ts";
import { fold, heldRows } from "../testing/sync-fold.ts";
import type { SignedIn } from "../testing/test-app.ts";
import { isReady, snapshotsOf, syncTestApp } from "./testing/sync-test-app.ts";

// A catch-up's snapshots go out paced by the client; changes committed meanwhile do not wait for
// them, and never lose to an older snapshot row. A catch-up cut short resumes with what is missing.

const s = syncTestApp("sync-live");

/** A recruiter's workspace with six people (or `count`), all candidates of one project. */
async function recruiter(count = 6): Promise<{ user: SignedIn; project: PipelineProject; people: string[] }> {
  const user = await s.f.newUser();
  const ws = await s.f.createWorkspace(user);
  const project = await s.f.createProject(user, ws);
  const people: string[] = [];
  for (let index = 0; index < count; index++) {
    people.push((await s.f.addPerson(user, { first_name: `Person ${index}`, email: `p${index}@example.com` }, ws)).id);
  }
  const { meta } = await s.f.assign(user, project, people);
  await s.t.readModels.waitFor(meta.position, 5000);
  return { user, project, people };
}

/** Moves the person's candidacy to the stage; its id and the stage's. */
async function move(user: SignedIn, project: PipelineProject, person: string, stage: number) {
  const stageId = stageOf(project, stage).id;
  const response = await s.f.send(user, "PUT", `${candidateUrl(project, person)}/move`, { stage_id: stageId });
  expect(response.statusCode).toBe(200);
  const position: number = response.json().meta.position;
  return { id: candidacyIdOf(project.id, person), stageId, position };
}

const carries = (id: string, stageId: string) => (m: ServerMessage) =>
  m.type === "changes" && m.rows.some((row) => row.id === id && row.data?.stage_id === stageId);

/**
 * A catch-up that waits for the client's answers (held back): every scope's few rows are out and
 * the cursor has moved to the snapshots' position, none of the many rows yet.
 */
async function heldCatchUp(user: SignedIn, focus: string[] = []): Promise<SyncClient> {
  const client = s.connect(user, { holdAnswers: true, focus });
  await client.until((m) => m.type === "changes" && m.rows.length === 0);
  return client;
}

/** Answers every part as it comes, until `ready`. */
async function answerUntilReady(client: SyncClient): Promise<void> {
  while (!client.messages.some(isReady)) {
    const received = snapshotsOf(client.messages).length;
    client.answer();
    await client.until(() => snapshotsOf(client.messages).length > received || client.messages.some(isReady));
  }
}

/** What a fresh replica of the user holds once caught up now. */
async function freshHolding(user: SignedIn) {
  const fresh = s.connect(user);
  await fresh.until(isReady);
  fresh.socket.close();
  return heldRows(fold(fresh.messages));
}

describe("live changes during a catch-up", () => {
  it("sends a change made during a catch-up at once, while the catch-up still waits for the client", async () => {
    const { user, project, people } = await recruiter();
    const client = await heldCatchUp(user);
    const person = people[0] ?? "";
    const moved = await move(user, project, person, 2);
    await client.until(carries(moved.id, moved.stageId));
    expect(client.messages.some(isReady)).toBe(false);
    // Every scope's few rows are out and at most its first part of many: no scope is in full yet.
    expect(snapshotsOf(client.messages).some((m) => m.last)).toBe(false);
    await answerUntilReady(client);
    client.socket.close();
  });

  it("never sends a snapshot row older than a change already sent, so the replica ends with the newer row", async () => {
    const { user, project, people } = await recruiter();
    const projectScope = `proj:${project.id}`;
    const client = await heldCatchUp(user, [projectScope]);
    // One candidacy whose part has not gone out yet, one whose part has.
    const early = await move(user, project, people[0] ?? "", 1);
    await client.until(carries(early.id, early.stageId));
    client.answer();
    await client.until((m) => m.type === "snapshot" && m.scope === projectScope && m.last);
    const late = await move(user, project, people[1] ?? "", 2);
    await client.until(carries(late.id, late.stageId));
    await answerUntilReady(client);
    client.socket.close();

    const changedAt = client.messages.findIndex(carries(early.id, early.stageId));
    const sentAfter = rowsOf(client.messages.slice(changedAt + 1)).filter((row) => row.data !== null);
    expect(sentAfter.filter((row) => row.id === early.id)).toEqual([]);
    const held = fold(client.messages);
    expect(held.rows.get(`candidacy:${early.id}`)).toMatchObject({ stage_id: early.stageId });
    expect(held.rows.get(`candidacy:${late.id}`)).toMatchObject({ stage_id: late.stageId });
    expect(heldRows(held)).toEqual(await freshHolding(user));
  });
});

describe("a part read ahead", () => {
  it("leaves out a row a change brought after the part was read and before it went", async () => {
    // More candidates than a first part holds: the board's first part goes, the rest is read ahead.
    const { user, project, people } = await recruiter(FIRST_PART_ROWS + 4);
    const projectScope = `proj:${project.id}`;
    const client = await heldCatchUp(user, [projectScope]);
    await client.until((m) => m.type === "snapshot" && m.scope === projectScope && m.part > 0);
    // A candidate the board's first part left for the next one, which is read while the client waits.
    const firstPart = new Set(rowsOf(snapshotsOf(client.messages).filter((m) => m.part > 0)).map((row) => row.id));
    const later = people.find((person) => !firstPart.has(candidacyIdOf(project.id, person)));
    const oldest = await move(user, project, later ?? "", 2);
    await client.until(carries(oldest.id, oldest.stageId));
    await answerUntilReady(client);
    client.socket.close();

    const changedAt = client.messages.findIndex(carries(oldest.id, oldest.stageId));
    const sentAfter = rowsOf(client.messages.slice(changedAt + 1)).filter((row) => row.id === oldest.id);
    expect(sentAfter).toEqual([]);
    const held = fold(client.messages);
    expect(held.rows.get(`candidacy:${oldest.id}`)).toMatchObject({ stage_id: oldest.stageId });
    expect(heldRows(held)).toEqual(await freshHolding(user));
  });
});

describe("an interrupted first sync", () => {
  it("resumes with the scopes not yet in full and the changes since, never the scopes held", async () => {
    const { user, project, people } = await recruiter();
    const first = await heldCatchUp(user, [`proj:${project.id}`]);
    const syncing = first.messages.find((m) => m.type === "syncing");
    const planned = syncing?.type === "syncing" ? syncing.scopes : [];
    expect(planned).toHaveLength(3);
    // Parts answered until a scope's many rows are in full, then the connection is lost. (Not two:
    // the workspace's people go with the pool's, naming it, and its own last part follows at once.)
    const lastParts = () => snapshotsOf(first.messages).filter((m) => m.last).length;
    while (lastParts() < 1) {
      const received = snapshotsOf(first.messages).length;
      first.answer();
      await first.until(() => snapshotsOf(first.messages).length > received);
    }
    first.socket.close();
    await first.closed;
    const held = snapshotsOf(first.messages)
      .filter((m) => m.last)
      .map((m) => m.scope);
    const cursor = first.messages.reduce((at, m) => (m.type === "changes" ? m.cursor : at), 0);
    expect(cursor).toBeGreaterThan(0);
    expect(held.length).toBeGreaterThan(0);
    expect(held.length).toBeLessThan(planned.length);

    const away = await move(user, project, people[2] ?? "", 2);
    await s.t.readModels.waitFor(away.position, 5000);
    const second = s.connect(user, { cursor, scopes: held });
    await second.until(isReady);
    second.socket.close();
    const missing = planned.filter((scope) => !held.includes(scope));
    expect(second.messages.find((m) => m.type === "syncing")).toEqual({ type: "syncing", scopes: missing });
    expect([...new Set(snapshotsOf(second.messages).map((m) => m.scope))]).toEqual(missing);
    expect(second.messages.some(carries(away.id, away.stageId))).toBe(true);
    expect(second.messages.find(isReady)).toMatchObject({ scopes: expect.arrayContaining(planned) });
    expect(heldRows(fold(second.messages, fold(first.messages)))).toEqual(await freshHolding(user));
  });
});
