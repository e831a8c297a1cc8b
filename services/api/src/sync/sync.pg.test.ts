import { randomUUID } from "node:crypto";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../testing/sync-client.ts";
import { syncTestApp } from "./testing/sync-test-app.ts";

const s = syncTestApp("sync-pipeline");

describe("the sync socket", () => {
  it("sends a fresh replica a snapshot of each of its scopes, then live changes", async () => {
    const ada = await s.f.newUser();
    const workspaceId = await s.createWorkspace(ada, "Ada's search");
    const client = s.connect(ada);
    const ready = await client.until((m) => m.type === "ready");
    expect(ready).toMatchObject({ scopes: expect.arrayContaining([`user:${ada.userId}`, `ws:${workspaceId}`]) });
    const snapshots = client.messages.filter((m) => m.type === "snapshot" && m.last);
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

    await s.t.app.inject({
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
    const ada = await s.f.newUser();
    const workspaceId = await s.createWorkspace(ada, "Ada's pool and workspace");
    const person = await s.f.addPerson(ada, { first_name: "Grace", email: "grace@example.com" }, workspaceId);
    await s.t.readModels.waitFor(person.position, 5000);
    const client = s.connect(ada);
    await client.until((m) => m.type === "ready");
    const sent = rowsOf(client.messages).filter((row) => row.entity === "person" && row.id === person.id);
    expect(sent.map((row) => row.scope).sort()).toEqual([`user:${ada.userId}`, `ws:${workspaceId}`].sort());
    expect(sent[0]?.data).toMatchObject({ first_name: "Grace" });
    expect(sent[1]?.data).toBeNull();
    client.socket.close();
  });

  it("never sends a row outside the user's scopes", async () => {
    const ada = await s.f.newUser();
    const adas = await s.createWorkspace(ada, "Mine");
    const client = s.connect(ada);
    await client.until((m) => m.type === "ready");
    const bob = await s.f.newUser();
    const bobs = await s.createWorkspace(bob, "Bob's secret search");
    await s.t.app.inject({
      method: "PUT",
      url: `/api/v1/workspaces/${bobs}`,
      headers: bob.headers,
      payload: { name: "Still secret" },
    });
    // Something of Ada's after Bob's writes, so we know the feed has gone past them.
    await s.t.app.inject({
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
    const ada = await s.f.newUser();
    const workspaceId = await s.createWorkspace(ada, "Before");
    const first = s.connect(ada);
    const ready = await first.until((m) => m.type === "ready");
    first.socket.close();
    await first.closed;
    if (ready.type !== "ready") throw new Error("not ready");
    await s.t.app.inject({
      method: "PUT",
      url: `/api/v1/workspaces/${workspaceId}`,
      headers: ada.headers,
      payload: { name: "While away" },
    });
    await expect.poll(() => s.t.readModels.position(), { timeout: 5000 }).toBeGreaterThan(ready.cursor);
    const second = s.connect(ada, { cursor: ready.cursor, scopes: ready.scopes });
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
    const owner = await s.f.newUser();
    const guest = await s.f.newUser();
    const workspaceId = await s.createWorkspace(owner, "Shared search");
    const client = s.connect(guest);
    await client.until((m) => m.type === "ready");
    // Membership comes with invitations; the event they will append is appended here directly.
    await appendEvents(
      s.t.store,
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
    const left = await s.t.app.inject({
      method: "DELETE",
      url: `/api/v1/workspaces/${workspaceId}`,
      headers: guest.headers,
    });
    expect(left.json()).toMatchObject({ meta: { result: "left" } });
    await client.until((m) => m.type === "drop-scope" && m.scope === `ws:${workspaceId}`);
    const dropAt = client.messages.findIndex((m) => m.type === "drop-scope");
    await s.t.app.inject({
      method: "PUT",
      url: `/api/v1/workspaces/${workspaceId}`,
      headers: owner.headers,
      payload: { name: "After the guest left" },
    });
    // Ordered, not timed: the feed goes in position order, so once a change of the guest's own,
    // made after the rename, has arrived, the rename has been passed over rather than still coming.
    await s.createWorkspace(guest, "The guest's own, after the rename");
    await client.until((m) => JSON.stringify(m).includes("The guest's own, after the rename"));
    expect(JSON.stringify(client.messages.slice(dropAt))).not.toContain("After the guest left");
    client.socket.close();
  });

  it("refuses a bad session, a foreign origin and garbage, and closes when the session ends", async () => {
    const ada = await s.f.newUser();
    const forged = s.connect({ ...ada, headers: { ...ada.headers, "access-token": "forged" } });
    expect(await forged.closed).toEqual({ code: 4401 });
    expect(forged.messages).toEqual([expect.objectContaining({ type: "error", code: "UNAUTHENTICATED" })]);

    const foreign = s.connect(ada, {}, "https://evil.example");
    expect(await foreign.closed).toEqual({ code: 4403 });

    const garbage = new WebSocket(s.syncUrl);
    garbage.addEventListener("open", () => garbage.send("{not json"));
    expect(await new Promise((resolve) => garbage.addEventListener("close", (e) => resolve(e.code)))).toBe(4400);

    const live = s.connect(ada);
    await live.until((m) => m.type === "ready");
    await s.t.app.inject({ method: "DELETE", url: "/api/v1/auth/sign_out", headers: ada.headers });
    await live.until((m) => m.type === "session-expired");
    expect(await live.closed).toEqual({ code: 4401 });
  });

  it("accepts a hello holding as many scopes as its schema allows, 1,500 projects among them", async () => {
    const ada = await s.f.newUser();
    const scopes = Array.from({ length: 1500 }, () => `proj:${randomUUID()}`);
    const client = s.connect(ada, { scopes });
    const ready = await client.until((m) => m.type === "ready");
    // None of them is Ada's: each is dropped, and the socket stays open.
    expect(client.messages.filter((m) => m.type === "drop-scope")).toHaveLength(1500);
    expect(ready).toMatchObject({ scopes: [`user:${ada.userId}`] });
    client.socket.close();
  });

  it("accepts the origin the page was served from, by the request's Host, and refuses others", async () => {
    const ada = await s.f.newUser();
    // The page was opened at http://127.0.0.1:PORT, not at APP_URL (http://localhost:3000 here).
    const sameOrigin = s.connect(ada, {}, s.served.origin);
    await sameOrigin.until((m) => m.type === "ready");
    sameOrigin.socket.close();

    for (const other of [`http://localhost:${s.served.port}`, `http://127.0.0.1:${Number(s.served.port) + 1}`]) {
      const refused = s.connect(ada, {}, other);
      expect(await refused.closed).toEqual({ code: 4403 });
      expect(refused.messages).toEqual([{ type: "error", code: "FORBIDDEN", detail: expect.stringContaining(other) }]);
    }
  });
});
