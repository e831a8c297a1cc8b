import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { type ServerMessage, SYNC_PROTOCOL_VERSION } from "@hirestream/contracts/sync/messages.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../candidacies/pipeline-fixtures.ts";
import { type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: PipelineFixtures;
let syncUrl: string;
beforeAll(async () => {
  t = await startTestApp({ now: new Date() });
  f = pipelineFixtures(t, "sync-pipeline");
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  syncUrl = `${address.replace("http", "ws")}/api/v1/sync`;
});
afterAll(async () => {
  await t.close();
});

interface Client {
  messages: ServerMessage[];
  closed: Promise<{ code: number }>;
  socket: WebSocket;
  until(predicate: (message: ServerMessage) => boolean): Promise<ServerMessage>;
}

function connect(user: SignedIn, hello: { cursor?: number; scopes?: string[] } = {}, origin?: string): Client {
  const socket = new WebSocket(syncUrl, origin ? { headers: { origin } } : undefined);
  const messages: ServerMessage[] = [];
  socket.addEventListener("message", (event) => messages.push(JSON.parse(String(event.data)) as ServerMessage));
  socket.addEventListener("open", () =>
    socket.send(
      JSON.stringify({
        type: "hello",
        version: SYNC_PROTOCOL_VERSION,
        credentials: {
          "access-token": user.headers["access-token"],
          client: user.headers.client,
          uid: user.headers.uid,
        },
        cursor: hello.cursor ?? 0,
        scopes: hello.scopes ?? [],
      }),
    ),
  );
  const closed = new Promise<{ code: number }>((resolve) =>
    socket.addEventListener("close", (event) => resolve({ code: event.code })),
  );
  return {
    messages,
    closed,
    socket,
    async until(predicate) {
      await expect.poll(() => messages.some(predicate), { timeout: 5000, interval: 10 }).toBe(true);
      const found = messages.find(predicate);
      if (!found) throw new Error("no such message");
      return found;
    },
  };
}

async function createWorkspace(user: SignedIn, name: string): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v1/workspaces",
    headers: user.headers,
    payload: { name },
  });
  expect(response.statusCode).toBe(201);
  const { data, meta } = response.json<{ data: { id: string }; meta: { position: number } }>();
  // Projected before the test goes on, as a client reading with x-min-position would see it.
  await t.readModels.waitFor(meta.position, 5000);
  return data.id;
}

/** Every row the messages carry, with its scope; a snapshot's `same` row has `data: null` here. */
const rowsOf = (
  messages: ServerMessage[],
): { scope: string; entity: string; id: string; data: Record<string, unknown> | null }[] =>
  messages.flatMap((m) =>
    m.type === "changes"
      ? m.rows.map((r) => ({ scope: r.scope, entity: r.entity, id: r.id, data: r.data }))
      : m.type === "snapshot"
        ? m.rows.map((r) => ({ scope: m.scope, entity: r.entity, id: r.id, data: "data" in r ? r.data : null }))
        : [],
  );

describe("the sync socket", () => {
  it("sends a fresh replica a snapshot of each of its scopes, then live changes", async () => {
    const ada = await signUpUser(t.app, "sync-ada@example.com");
    const workspaceId = await createWorkspace(ada, "Ada's search");
    const client = connect(ada);
    const ready = await client.until((m) => m.type === "ready");
    expect(ready).toMatchObject({ scopes: expect.arrayContaining([`user:${ada.userId}`, `ws:${workspaceId}`]) });
    const snapshots = client.messages.filter((m) => m.type === "snapshot");
    expect(snapshots.map((m) => m.type === "snapshot" && m.scope).sort()).toEqual(
      [`user:${ada.userId}`, `ws:${workspaceId}`].sort(),
    );
    expect(rowsOf(client.messages)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entity: "user",
          id: ada.userId,
          data: expect.objectContaining({ email: ada.email }),
        }),
        expect.objectContaining({
          entity: "workspace",
          id: workspaceId,
          data: expect.objectContaining({ name: "Ada's search" }),
        }),
      ]),
    );
    expect(JSON.stringify(client.messages)).not.toContain("password_hash");

    await t.app.inject({
      method: "PUT",
      url: `/api/v1/workspaces/${workspaceId}`,
      headers: ada.headers,
      payload: { name: "Renamed live" },
    });
    await client.until(
      (m) => m.type === "changes" && m.rows.some((r) => r.entity === "workspace" && r.data?.name === "Renamed live"),
    );
    client.socket.close();
  });

  it("sends a row that two scopes of a fresh replica hold in full once, and as the same row after", async () => {
    const ada = await signUpUser(t.app, "sync-same-ada@example.com");
    const workspaceId = await createWorkspace(ada, "Ada's pool and workspace");
    const person = await f.addPerson(ada, { first_name: "Grace", email: "grace@example.com" }, workspaceId);
    await t.readModels.waitFor(person.position, 5000);
    const client = connect(ada);
    await client.until((m) => m.type === "ready");
    const sent = rowsOf(client.messages).filter((row) => row.entity === "person" && row.id === person.id);
    expect(sent.map((row) => row.scope).sort()).toEqual([`user:${ada.userId}`, `ws:${workspaceId}`].sort());
    expect(sent[0]?.data).toMatchObject({ first_name: "Grace" });
    expect(sent[1]?.data).toBeNull();
    client.socket.close();
  });

  it("never sends a row outside the user's scopes", async () => {
    const ada = await signUpUser(t.app, "sync-private-ada@example.com");
    const adas = await createWorkspace(ada, "Mine");
    const client = connect(ada);
    await client.until((m) => m.type === "ready");
    const bob = await signUpUser(t.app, "sync-private-bob@example.com");
    const bobs = await createWorkspace(bob, "Bob's secret search");
    await t.app.inject({
      method: "PUT",
      url: `/api/v1/workspaces/${bobs}`,
      headers: bob.headers,
      payload: { name: "Still secret" },
    });
    // Something of Ada's after Bob's writes, so we know the feed has gone past them.
    await t.app.inject({
      method: "PUT",
      url: `/api/v1/workspaces/${adas}`,
      headers: ada.headers,
      payload: { name: "Mine, later" },
    });
    await client.until((m) => m.type === "changes" && m.rows.some((r) => r.data?.name === "Mine, later"));
    const allowed = new Set([`user:${ada.userId}`, `ws:${adas}`]);
    for (const row of rowsOf(client.messages)) expect(allowed.has(row.scope), row.scope).toBe(true);
    const text = JSON.stringify(client.messages);
    expect(text).not.toContain(bobs);
    expect(text).not.toContain(bob.userId);
    expect(text).not.toContain("secret");
    client.socket.close();
  });

  it("resumes from the cursor without snapshots for the scopes the client holds", async () => {
    const ada = await signUpUser(t.app, "sync-resume@example.com");
    const workspaceId = await createWorkspace(ada, "Before");
    const first = connect(ada);
    const ready = await first.until((m) => m.type === "ready");
    first.socket.close();
    await first.closed;
    if (ready.type !== "ready") throw new Error("not ready");
    await t.app.inject({
      method: "PUT",
      url: `/api/v1/workspaces/${workspaceId}`,
      headers: ada.headers,
      payload: { name: "While away" },
    });
    await expect.poll(() => t.readModels.position(), { timeout: 5000 }).toBeGreaterThan(ready.cursor);
    const second = connect(ada, { cursor: ready.cursor, scopes: ready.scopes });
    await second.until((m) => m.type === "ready");
    expect(second.messages.filter((m) => m.type === "snapshot")).toEqual([]);
    expect(rowsOf(second.messages)).toEqual([
      expect.objectContaining({
        entity: "workspace",
        id: workspaceId,
        data: expect.objectContaining({ name: "While away" }),
      }),
    ]);
    second.socket.close();
  });

  it("snapshots a workspace the user joins and drops it when they leave, live", async () => {
    const owner = await signUpUser(t.app, "sync-owner@example.com");
    const guest = await signUpUser(t.app, "sync-guest@example.com");
    const workspaceId = await createWorkspace(owner, "Shared search");
    const client = connect(guest);
    await client.until((m) => m.type === "ready");
    // Membership comes with invitations; the event they will append is appended here directly.
    await appendEvents(
      t.store,
      `workspace-${workspaceId}`,
      [{ type: "WorkspaceMemberAdded", data: { workspaceId, userId: guest.userId, role: "collaborator" } }],
      { occurredAt: new Date().toISOString(), actor: owner.userId },
    );
    const snapshot = await client.until((m) => m.type === "snapshot" && m.scope === `ws:${workspaceId}`);
    expect(snapshot.type === "snapshot" && snapshot.rows.map((r) => r.entity).sort()).toEqual([
      "workspace",
      "workspace_member",
      "workspace_member",
    ]);
    const left = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/workspaces/${workspaceId}`,
      headers: guest.headers,
    });
    expect(left.json()).toMatchObject({ meta: { result: "left" } });
    await client.until((m) => m.type === "drop-scope" && m.scope === `ws:${workspaceId}`);
    const dropAt = client.messages.findIndex((m) => m.type === "drop-scope");
    await t.app.inject({
      method: "PUT",
      url: `/api/v1/workspaces/${workspaceId}`,
      headers: owner.headers,
      payload: { name: "After the guest left" },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(JSON.stringify(client.messages.slice(dropAt))).not.toContain("After the guest left");
    client.socket.close();
  });

  it("refuses a bad session, a foreign origin and garbage, and closes when the session ends", async () => {
    const ada = await signUpUser(t.app, "sync-refuse@example.com");
    const forged = connect({ ...ada, headers: { ...ada.headers, "access-token": "forged" } });
    expect(await forged.closed).toEqual({ code: 4401 });
    expect(forged.messages).toEqual([expect.objectContaining({ type: "error", code: "UNAUTHENTICATED" })]);

    const foreign = connect(ada, {}, "https://evil.example");
    expect(await foreign.closed).toEqual({ code: 4403 });

    const garbage = new WebSocket(syncUrl);
    garbage.addEventListener("open", () => garbage.send("{not json"));
    expect(await new Promise((resolve) => garbage.addEventListener("close", (e) => resolve(e.code)))).toBe(4400);

    const live = connect(ada);
    await live.until((m) => m.type === "ready");
    await t.app.inject({ method: "DELETE", url: "/api/v1/auth/sign_out", headers: ada.headers });
    await live.until((m) => m.type === "session-expired");
    expect(await live.closed).toEqual({ code: 4401 });
  });
});

describe("a hidden project on the sync socket", () => {
  /**
   * A workspace of Ada's that Bob belongs to, with a project of Ada's: its workflow copy and one
   * candidate. Answers the ids of the three rows a hidden project must keep to Ada.
   */
  async function pipelineOfAda(visible: boolean) {
    const ada = await f.newUser();
    const bob = await f.newUser();
    const workspaceId = await f.createWorkspace(ada, "Shared search");
    await f.join(workspaceId, bob, "manager");
    const project = await f.createProject(ada, workspaceId, { name: "Quiet search", visible });
    const person = await f.addPerson(ada, { first_name: "Grace" }, workspaceId);
    const { meta } = await f.assign(ada, project, [person.id]);
    const shown = await f.read(ada, `/workspaces/${workspaceId}/projects/${project.id}`, meta.position);
    const copyId: string = shown.json().data.attributes.workflow_id;
    expect(copyId).toEqual(expect.any(String));
    const rows = [
      { entity: "project", id: project.id },
      { entity: "workflow", id: copyId },
      { entity: "candidacy", id: candidacyIdOf(project.id, person.id) },
    ];
    return { ada, bob, workspaceId, project, rows, position: meta.position };
  }

  const held = (client: Client, entity: string, id: string) =>
    rowsOf(client.messages).filter((row) => row.entity === entity && row.id === id);

  /** Something of the workspace's after the writes, so a socket that got it has gone past them. */
  async function marker(user: SignedIn, workspaceId: string, name: string, clients: Client[]) {
    await t.app.inject({
      method: "PUT",
      url: `/api/v1/workspaces/${workspaceId}`,
      headers: user.headers,
      payload: { name },
    });
    for (const client of clients) {
      await client.until((m) => m.type === "changes" && m.rows.some((r) => r.data?.name === name));
    }
  }

  it("never reaches another member's socket, live or in a snapshot; its creator gets it in their own scope", async () => {
    const ada = await f.newUser();
    const bob = await f.newUser();
    const workspaceId = await f.createWorkspace(ada, "Shared search");
    await t.readModels.waitFor(await f.join(workspaceId, bob, "manager"), 5000);
    const bobs = connect(bob);
    const adas = connect(ada);
    await bobs.until((m) => m.type === "ready" && m.scopes.includes(`ws:${workspaceId}`));
    await adas.until((m) => m.type === "ready");

    const project = await f.createProject(ada, workspaceId, { name: "Quiet search", visible: false });
    const person = await f.addPerson(ada, { first_name: "Grace" }, workspaceId);
    await f.assign(ada, project, [person.id]);
    const candidacyId = candidacyIdOf(project.id, person.id);
    await marker(ada, workspaceId, "After the quiet search", [bobs, adas]);

    for (const entity of ["project", "workflow", "candidacy"]) {
      const rows = rowsOf(adas.messages).filter((row) => row.entity === entity && row.scope !== "");
      const mine = rows.filter(
        (row) => row.id === project.id || row.id === candidacyId || row.data?.project_id === project.id,
      );
      expect(mine.length, entity).toBeGreaterThan(0);
      for (const row of mine) expect(row.scope, entity).toBe(`user:${ada.userId}`);
    }
    const seen = JSON.stringify(bobs.messages);
    expect(seen).not.toContain(project.id);
    expect(seen).not.toContain(candidacyId);
    expect(seen).not.toContain("Quiet search");

    const fresh = connect(bob);
    await fresh.until((m) => m.type === "ready");
    expect(JSON.stringify(fresh.messages)).not.toContain(project.id);
    for (const client of [bobs, adas, fresh]) client.socket.close();
  });

  it("takes the project, its candidates and its copy from a member's socket when hidden, and brings them back when shown", async () => {
    const { ada, bob, workspaceId, project, rows, position } = await pipelineOfAda(true);
    await t.readModels.waitFor(position, 5000);
    const bobs = connect(bob);
    await bobs.until((m) => m.type === "ready");
    for (const { entity, id } of rows) {
      expect(held(bobs, entity, id), entity).toEqual([expect.objectContaining({ scope: `ws:${workspaceId}` })]);
    }
    const url = `/api/v1/workspaces/${workspaceId}/projects/${project.id}`;

    const hidden = await t.app.inject({ method: "PUT", url, headers: ada.headers, payload: { visible: false } });
    expect(hidden.statusCode).toBe(200);
    await marker(ada, workspaceId, "Hidden now", [bobs]);
    for (const { entity, id } of rows) {
      expect(held(bobs, entity, id).at(-1), entity).toEqual({ scope: `ws:${workspaceId}`, entity, id, data: null });
    }
    const afterHiding = bobs.messages.length;
    // A browser that was away while it was hidden learns it from its cursor, and a new one never sees it.
    const fresh = connect(bob);
    await fresh.until((m) => m.type === "ready");
    expect(JSON.stringify(fresh.messages)).not.toContain(project.id);

    const shown = await t.app.inject({ method: "PUT", url, headers: ada.headers, payload: { visible: true } });
    expect(shown.statusCode).toBe(200);
    await marker(ada, workspaceId, "Shown again", [bobs, fresh]);
    for (const client of [bobs, fresh]) {
      const later = rowsOf(client === bobs ? bobs.messages.slice(afterHiding) : client.messages);
      for (const { entity, id } of rows) {
        expect(
          later.filter((row) => row.entity === entity && row.id === id),
          entity,
        ).toEqual([expect.objectContaining({ scope: `ws:${workspaceId}`, data: expect.objectContaining({ id }) })]);
      }
    }
    expect(
      held(bobs, "workflow", rows[1]?.id ?? "").at(-1)?.data,
      "the copy comes back as the replica stores it",
    ).not.toHaveProperty("private_to");
    for (const client of [bobs, fresh]) client.socket.close();
  });
});
