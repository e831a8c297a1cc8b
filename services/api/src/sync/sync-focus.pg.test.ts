import { FIRST_PART_ROWS, SNAPSHOT_PARTS_AHEAD } from "@hirestream/contracts/sync/messages.ts";
import { describe, expect, it } from "vitest";
import type { PipelineProject } from "../candidacies/testing/pipeline-fixtures.ts";
import type { SyncClient } from "../testing/sync-client.ts";
import type { SignedIn } from "../testing/test-app.ts";
import { MANY_ENTITIES } from "./snapshot-phases.ts";
import { type Snapshot, snapshotsOf, syncTestApp } from "./testing/sync-test-app.ts";

// What a screen needs first comes first: every scope's few rows, then the many rows of the scopes
// the client focuses on, reordered when the focus moves; a focus never reaches past what the user
// may read.

const s = syncTestApp("sync-focus");

const snapshots = (client: SyncClient) => snapshotsOf(client.messages);
const many = new Set<string>(MANY_ENTITIES);
/** The scopes of the parts carrying many rows, in the order they came, each once. */
const manyOrder = (client: SyncClient): string[] => [
  ...new Set(
    snapshots(client)
      .filter((m) => m.rows.some((row) => many.has(row.entity)))
      .map((m) => m.scope),
  ),
];

/** A recruiter's workspace with its people and two projects, each with candidates of its own. */
async function recruiter(): Promise<{ user: SignedIn; ws: string; first: PipelineProject; second: PipelineProject }> {
  const user = await s.f.newUser();
  const ws = await s.f.createWorkspace(user);
  const first = await s.f.createProject(user, ws, { name: "First" });
  const second = await s.f.createProject(user, ws, { name: "Second" });
  const people = [];
  for (let index = 0; index < 6; index++) {
    people.push(await s.f.addPerson(user, { first_name: `Person ${index}`, email: `p${index}@example.com` }, ws));
  }
  await s.f.assign(
    user,
    first,
    people.slice(0, 3).map((person) => person.id),
  );
  const { meta } = await s.f.assign(
    user,
    second,
    people.slice(3).map((person) => person.id),
  );
  await s.t.readModels.waitFor(meta.position, 5000);
  return { user, ws, first, second };
}

describe("what the screen needs first", () => {
  it("announces the scopes to come, then sends every scope's few rows before any scope's many", async () => {
    const { user, ws, first, second } = await recruiter();
    const client = s.connect(user);
    const ready = await client.until((m) => m.type === "ready");
    const planned = [`user:${user.userId}`, `ws:${ws}`, `proj:${first.id}`, `proj:${second.id}`];
    expect(client.messages[0]).toEqual({ type: "syncing", scopes: expect.arrayContaining(planned) });
    expect(ready).toMatchObject({ scopes: expect.arrayContaining(planned) });
    const parts = snapshots(client);
    const firstMany = parts.findIndex((m) => m.part > 0);
    const fewParts = parts.slice(0, firstMany);
    expect(fewParts.map((m) => m.scope).sort()).toEqual([...planned].sort());
    expect(fewParts.every((m) => m.part === 0 && !m.last)).toBe(true);
    expect(fewParts.flatMap((m) => m.rows.map((row) => row.entity)).filter((entity) => many.has(entity))).toEqual([]);
    expect(fewParts.flatMap((m) => m.rows.map((row) => row.entity))).toEqual(
      expect.arrayContaining(["user", "workspace", "workspace_member", "project", "workflow", "project_user"]),
    );
    expect(parts.slice(firstMany).every((m) => m.part > 0)).toBe(true);
    // Each scope ends with exactly one last part.
    expect(
      parts
        .filter((m) => m.last)
        .map((m) => m.scope)
        .sort(),
    ).toEqual([...planned].sort());
    client.socket.close();
  });

  it("sends the many rows of the focused scopes first, in the focus's order", async () => {
    const { user, ws, first, second } = await recruiter();
    const focused = s.connect(user, { focus: [`proj:${second.id}`, `ws:${ws}`] });
    await focused.until((m) => m.type === "ready");
    expect(manyOrder(focused).slice(0, 2)).toEqual([`proj:${second.id}`, `ws:${ws}`]);
    focused.socket.close();

    const other = s.connect(user, { focus: [`proj:${first.id}`] });
    await other.until((m) => m.type === "ready");
    expect(manyOrder(other)[0]).toBe(`proj:${first.id}`);
    other.socket.close();
  });

  it("waits for the client's answers, and reorders what is still to send when the focus moves", async () => {
    const { user, ws, second } = await recruiter();
    const client = s.connect(user, { focus: [`ws:${ws}`], holdAnswers: true });
    const syncing = await client.until((m) => m.type === "syncing");
    const planned = syncing.type === "syncing" ? syncing.scopes : [];
    // The parts of few rows take no room: the focus's first part of many comes without waiting for
    // their answers, and nothing more until they are answered.
    await client.until(() => snapshots(client).length === planned.length + 1);
    // Ordered, not timed: a ping answered after them, and still nothing more.
    client.socket.send(JSON.stringify({ type: "ping" }));
    await client.until((m) => m.type === "pong");
    expect(snapshots(client)).toHaveLength(planned.length + 1);
    // The few rows answered (and they alone): the usual few parts of many go ahead, no more.
    for (const _ of planned) client.socket.send(JSON.stringify({ type: "applied" }));
    await client.until(() => snapshots(client).length === planned.length + SNAPSHOT_PARTS_AHEAD);
    client.socket.send(JSON.stringify({ type: "ping" }));
    await client.until((m) => m.type === "pong" && client.messages.filter((n) => n.type === "pong").length === 2);
    expect(snapshots(client)).toHaveLength(planned.length + SNAPSHOT_PARTS_AHEAD);
    const sentAhead = snapshots(client).slice(planned.length);
    expect(sentAhead.every((m) => m.part > 0)).toBe(true);
    expect(sentAhead[0]?.scope).toBe(`ws:${ws}`);
    const gone = new Set(sentAhead.filter((m) => m.last).map((m) => m.scope));
    expect(gone.has(`proj:${second.id}`)).toBe(false);

    // Messages are taken in order: the new focus before any answer.
    client.focus([`proj:${second.id}`]);
    for (;;) {
      if (client.messages.some((m) => m.type === "ready")) break;
      const received = snapshots(client).length;
      client.answer();
      await client.until(() => snapshots(client).length > received || client.messages.some((m) => m.type === "ready"));
    }
    // What was still to send starts with the new focus.
    expect(snapshots(client)[planned.length + SNAPSHOT_PARTS_AHEAD]?.scope).toBe(`proj:${second.id}`);
    client.socket.close();
  });

  it("sends a board's first candidacies and its people's first part, both, before the few rows are answered", async () => {
    const { user, ws, second } = await recruiter();
    const client = s.connect(user, { focus: [`proj:${second.id}`, `ws:${ws}`], holdAnswers: true });
    const syncing = await client.until((m) => m.type === "syncing");
    const planned = syncing.type === "syncing" ? syncing.scopes : [];
    await client.until(() => snapshots(client).length === planned.length + 2);
    // Ordered, not timed: a ping answered after them, and still nothing more.
    client.socket.send(JSON.stringify({ type: "ping" }));
    await client.until((m) => m.type === "pong");
    const sentAhead = snapshots(client).slice(planned.length);
    expect(sentAhead.map((m) => [m.scope, m.part > 0])).toEqual([
      [`proj:${second.id}`, true],
      [`ws:${ws}`, true],
    ]);
    client.socket.close();
  });

  it("sends nothing of a focused scope the user may not read", async () => {
    const { second: hidden } = await recruiter();
    const { user, ws } = await recruiter();
    const client = s.connect(user, { focus: [`proj:${hidden.id}`, `ws:${hidden.workspaceId}`] });
    const ready = await client.until((m) => m.type === "ready");
    const text = JSON.stringify(client.messages);
    expect(text).not.toContain(hidden.id);
    expect(text).not.toContain(hidden.workspaceId);
    expect(ready).toMatchObject({ scopes: expect.arrayContaining([`ws:${ws}`]) });
    // Also when the focus comes later.
    const later = s.connect(user, { holdAnswers: true });
    await later.until((m) => m.type === "syncing");
    later.focus([`proj:${hidden.id}`]);
    later.answer();
    for (;;) {
      if (later.messages.some((m) => m.type === "ready")) break;
      const received = snapshots(later).length;
      later.answer();
      await later.until(() => snapshots(later).length > received || later.messages.some((m) => m.type === "ready"));
    }
    await later.until((m) => m.type === "ready");
    expect(JSON.stringify(later.messages)).not.toContain(hidden.id);
    later.socket.close();
    client.socket.close();
  });
});

describe("each scope's first part of many holds what its screen shows first", () => {
  /** More people than a first part holds, named out of their ids' order, all on one board, added in three rounds. */
  async function bigBoard() {
    const user = await s.f.newUser();
    const ws = await s.f.createWorkspace(user);
    const project = await s.f.createProject(user, ws, { name: "Big" });
    const count = FIRST_PART_ROWS + 50;
    // Names in an order of their own: neither the ids' nor the order they were added in.
    const ranks = Array.from({ length: count }, (_, index) => (index * 67) % count);
    const people: { id: string; rank: number }[] = [];
    for (const rank of ranks) {
      const { id } = await s.f.addPerson(user, { first_name: "Ada", last_name: `Lee ${rank}` }, ws);
      people.push({ id, rank });
    }
    const started = s.t.clock.now.getTime();
    let position = 0;
    for (let round = 0; round < 3; round++) {
      s.t.clock.now = new Date(started + round * 60_000);
      const batch = people.filter((_, index) => index % 3 === round).map((person) => person.id);
      ({ position } = (await s.f.assign(user, project, batch)).meta);
    }
    s.t.clock.now = new Date(started);
    await s.t.readModels.waitFor(position, 5000);
    const { rows } = await s.t.pool.query<{ id: string; person_id: string }>(
      "select id, person_id from read.candidacies where project_id = $1",
      [project.id],
    );
    const added = new Map(people.map((person, index) => [person.id, index % 3]));
    // The board's order: newest added first, then by id, descending.
    const board = rows.sort(
      (a, b) => (added.get(b.person_id) ?? 0) - (added.get(a.person_id) ?? 0) || (a.id < b.id ? 1 : -1),
    );
    const pool = [...people].sort((a, b) => a.rank - b.rank).map((person) => person.id);
    return { user, ws, project, board, pool };
  }

  const manyParts = (client: SyncClient) => snapshots(client).filter((m) => m.part > 0);
  const ids = (part: Snapshot | undefined, entity: string) =>
    (part?.rows ?? []).filter((row) => row.entity === entity).map((row) => row.id);

  it("a board's first candidacies, newest added first, then the people they name, before the rest of either", async () => {
    const { user, ws, project, board } = await bigBoard();
    const client = s.connect(user, { focus: [`proj:${project.id}`, `ws:${ws}`] });
    await client.until((m) => m.type === "ready");
    const [first, second] = manyParts(client);
    expect(first?.scope).toBe(`proj:${project.id}`);
    expect(ids(first, "candidacy")).toEqual(board.slice(0, FIRST_PART_ROWS).map((row) => row.id));
    // Their people come with them (sync protocol 9) when the workspace's keys are in by then, else
    // lead the workspace's part, which then goes next.
    const named = board.slice(0, FIRST_PART_ROWS).map((row) => row.person_id);
    const withThem = ids(first, "person");
    if (withThem.length === 0) {
      expect(second?.scope).toBe(`ws:${ws}`);
      expect(ids(second, "person")).toEqual(named);
    } else expect(new Set(withThem)).toEqual(new Set(named));
    // Every row still comes, once per scope.
    const sent = manyParts(client).filter((m) => m.scope === `proj:${project.id}`);
    expect(new Set(sent.flatMap((m) => ids(m, "candidacy")))).toEqual(new Set(board.map((row) => row.id)));
    client.socket.close();
  });

  it("the Talent Pool's first people in its order, with no focus said", async () => {
    const { user, pool } = await bigBoard();
    const client = s.connect(user);
    await client.until((m) => m.type === "ready");
    const [first] = manyParts(client);
    expect(first?.scope).toBe(`user:${user.userId}`);
    expect(ids(first, "person")).toEqual(pool.slice(0, FIRST_PART_ROWS));
    client.socket.close();
  });

  it("a workspace's People in their order when the workspace is the focus", async () => {
    const { user, ws, pool } = await bigBoard();
    const client = s.connect(user, { focus: [`ws:${ws}`] });
    await client.until((m) => m.type === "ready");
    const [first] = manyParts(client);
    expect(first?.scope).toBe(`ws:${ws}`);
    expect(ids(first, "person")).toEqual(pool.slice(0, FIRST_PART_ROWS));
    client.socket.close();
  });
});
