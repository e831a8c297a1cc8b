import type { ServerMessage } from "@hirestream/contracts/sync/messages.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PipelineFixtures,
  type PipelineProject,
  pipelineFixtures,
} from "../candidacies/testing/pipeline-fixtures.ts";
import { connectSync, type SyncClient } from "../testing/sync-client.ts";
import { type SignedIn, startTestApp, type TestApp } from "../testing/test-app.ts";
import { MANY_ENTITIES } from "./snapshot-phases.ts";

// What a screen needs first comes first: every scope's few rows, then the many rows of the scopes
// the client focuses on, reordered when the focus moves; a focus never reaches past what the user
// may read.

let t: TestApp;
let f: PipelineFixtures;
let syncUrl: string;
beforeAll(async () => {
  t = await startTestApp({ now: new Date() });
  f = pipelineFixtures(t, "sync-focus");
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  syncUrl = `${address.replace("http", "ws")}/api/v1/sync`;
});
afterAll(async () => {
  await t.close();
});

type Snapshot = Extract<ServerMessage, { type: "snapshot" }>;
const snapshots = (client: SyncClient): Snapshot[] =>
  client.messages.filter((m): m is Snapshot => m.type === "snapshot");
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
  const user = await f.newUser();
  const ws = await f.createWorkspace(user);
  const first = await f.createProject(user, ws, { name: "First" });
  const second = await f.createProject(user, ws, { name: "Second" });
  const people = [];
  for (let index = 0; index < 6; index++) {
    people.push(await f.addPerson(user, { first_name: `Person ${index}`, email: `p${index}@example.com` }, ws));
  }
  await f.assign(
    user,
    first,
    people.slice(0, 3).map((person) => person.id),
  );
  const { meta } = await f.assign(
    user,
    second,
    people.slice(3).map((person) => person.id),
  );
  await t.readModels.waitFor(meta.position, 5000);
  return { user, ws, first, second };
}

describe("what the screen needs first", () => {
  it("announces the scopes to come, then sends every scope's few rows before any scope's many", async () => {
    const { user, ws, first, second } = await recruiter();
    const client = connectSync(syncUrl, user);
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
    const focused = connectSync(syncUrl, user, { focus: [`proj:${second.id}`, `ws:${ws}`] });
    await focused.until((m) => m.type === "ready");
    expect(manyOrder(focused).slice(0, 2)).toEqual([`proj:${second.id}`, `ws:${ws}`]);
    focused.socket.close();

    const other = connectSync(syncUrl, user, { focus: [`proj:${first.id}`] });
    await other.until((m) => m.type === "ready");
    expect(manyOrder(other)[0]).toBe(`proj:${first.id}`);
    other.socket.close();
  });

  it("waits for the client's answers, and reorders what is still to send when the focus moves", async () => {
    const { user, second } = await recruiter();
    const client = connectSync(syncUrl, user, { focus: [`user:${user.userId}`], holdAnswers: true });
    const syncing = await client.until((m) => m.type === "syncing");
    const planned = syncing.type === "syncing" ? syncing.scopes : [];
    await client.until(() => snapshots(client).length === planned.length);
    // Ordered, not timed: a ping answered after every few-rows part, and still no many rows.
    client.socket.send(JSON.stringify({ type: "ping" }));
    await client.until((m) => m.type === "pong");
    expect(snapshots(client).every((m) => m.part === 0)).toBe(true);

    // Messages are taken in order: the new focus before any answer.
    client.focus([`proj:${second.id}`]);
    for (;;) {
      if (client.messages.some((m) => m.type === "ready")) break;
      const received = snapshots(client).length;
      client.answer();
      await client.until(() => snapshots(client).length > received || client.messages.some((m) => m.type === "ready"));
    }
    expect(manyOrder(client)[0]).toBe(`proj:${second.id}`);
    client.socket.close();
  });

  it("sends nothing of a focused scope the user may not read", async () => {
    const { second: hidden } = await recruiter();
    const { user, ws } = await recruiter();
    const client = connectSync(syncUrl, user, { focus: [`proj:${hidden.id}`, `ws:${hidden.workspaceId}`] });
    const ready = await client.until((m) => m.type === "ready");
    const text = JSON.stringify(client.messages);
    expect(text).not.toContain(hidden.id);
    expect(text).not.toContain(hidden.workspaceId);
    expect(ready).toMatchObject({ scopes: expect.arrayContaining([`ws:${ws}`]) });
    // Also when the focus comes later.
    const later = connectSync(syncUrl, user, { holdAnswers: true });
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
