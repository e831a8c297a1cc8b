import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { projectUserIdOf } from "@hirestream/contracts/projects/project-user-id.ts";
import { describe, expect, it } from "vitest";
import { rowsOf, type SyncClient } from "../testing/sync-client.ts";
import { syncTestApp } from "./testing/sync-test-app.ts";

// A project's rows travel in a scope of the project's own, `proj:{id}`, held by exactly those the
// permission table lets read it; an open socket gains and loses it the moment that changes.

const s = syncTestApp("sync-scopes");

const ready = (client: SyncClient) => client.until((m) => m.type === "ready");

/**
 * A workspace of Ada's, Bob in it with `bobsRole`, and a project of Ada's with its workflow copy
 * and one candidate: the three rows the project's scope carries.
 */
async function pipelineOfAda(options: { visible: boolean; bobsRole: "manager" | "collaborator" }) {
  const ada = await s.f.newUser();
  const bob = await s.f.newUser();
  const workspaceId = await s.f.createWorkspace(ada, "Shared search");
  await s.f.join(workspaceId, bob, options.bobsRole);
  const project = await s.f.createProject(ada, workspaceId, { name: "Quiet search", visible: options.visible });
  const person = await s.f.addPerson(ada, { first_name: "Grace" }, workspaceId);
  const { meta } = await s.f.assign(ada, project, [person.id]);
  const shown = await s.f.read(ada, `/workspaces/${workspaceId}/projects/${project.id}`, meta.position);
  const copyId: string = shown.json().data.attributes.workflow_id;
  expect(copyId).toEqual(expect.any(String));
  await s.t.readModels.waitFor(meta.position, 5000);
  const rows = [
    { entity: "project", id: project.id },
    { entity: "workflow", id: copyId },
    { entity: "candidacy", id: candidacyIdOf(project.id, person.id) },
  ];
  return { ada, bob, workspaceId, project, rows, scope: `proj:${project.id}` };
}

/** The scope's latest snapshot on the socket holds each of `rows`. */
function expectSnapshotOf(client: SyncClient, scope: string, rows: { entity: string; id: string }[]) {
  const snapshots = client.messages.filter((m) => m.type === "snapshot" && m.scope === scope);
  const held = rowsOf(snapshots);
  for (const { entity, id } of rows) {
    expect(
      held.some((row) => row.entity === entity && row.id === id),
      entity,
    ).toBe(true);
  }
}

const dropped = (scope: string) => (m: { type: string; scope?: string }) =>
  m.type === "drop-scope" && m.scope === scope;

describe("a project's own sync scope", () => {
  it("carries the project, its copy, its candidates and its members, and only there", async () => {
    const { ada, rows, scope, project } = await pipelineOfAda({ visible: true, bobsRole: "manager" });
    const adas = s.connect(ada);
    expect(await ready(adas)).toMatchObject({ scopes: expect.arrayContaining([scope]) });
    expectSnapshotOf(adas, scope, [...rows, { entity: "project_user", id: projectUserIdOf(project.id, ada.userId) }]);
    const elsewhere = rowsOf(adas.messages).filter((row) => row.scope !== scope);
    for (const { id } of rows) expect(elsewhere.some((row) => row.id === id)).toBe(false);
    adas.socket.close();
  });

  it("never reaches a workspace manager outside a hidden project, live or in a snapshot", async () => {
    const ada = await s.f.newUser();
    const bob = await s.f.newUser();
    const workspaceId = await s.f.createWorkspace(ada, "Shared search");
    await s.t.readModels.waitFor(await s.f.join(workspaceId, bob, "manager"), 5000);
    const bobs = s.connect(bob);
    await bobs.until((m) => m.type === "ready" && m.scopes.includes(`ws:${workspaceId}`));

    const project = await s.f.createProject(ada, workspaceId, { name: "Quiet search", visible: false });
    const person = await s.f.addPerson(ada, { first_name: "Grace" }, workspaceId);
    const { meta } = await s.f.assign(ada, project, [person.id]);
    await s.t.readModels.waitFor(meta.position, 5000);
    const adas = s.connect(ada);
    expect(await ready(adas)).toMatchObject({ scopes: expect.arrayContaining([`proj:${project.id}`]) });
    const fresh = s.connect(bob);
    expect(await ready(fresh)).toMatchObject({ scopes: expect.not.arrayContaining([`proj:${project.id}`]) });
    for (const seen of [JSON.stringify(bobs.messages), JSON.stringify(fresh.messages)]) {
      expect(seen).not.toContain(project.id);
      expect(seen).not.toContain("Quiet search");
    }
    for (const client of [adas, bobs, fresh]) client.socket.close();
  });

  it("leaves a workspace manager's open socket when hidden, and comes back in full when shown", async () => {
    const { ada, bob, workspaceId, project, rows, scope } = await pipelineOfAda({ visible: true, bobsRole: "manager" });
    const bobs = s.connect(bob);
    expect(await ready(bobs)).toMatchObject({ scopes: expect.arrayContaining([scope]) });
    const url = `/workspaces/${workspaceId}/projects/${project.id}`;

    expect((await s.f.send(ada, "PUT", url, { visible: false })).statusCode).toBe(200);
    await bobs.until(dropped(scope));
    const afterHiding = bobs.messages.length;
    const fresh = s.connect(bob);
    expect(await ready(fresh)).toMatchObject({ scopes: expect.not.arrayContaining([scope]) });
    expect(JSON.stringify(fresh.messages)).not.toContain(project.id);

    expect((await s.f.send(ada, "PUT", url, { visible: true })).statusCode).toBe(200);
    // The open socket's snapshot of the scope comes after the drop: the one before it does not count.
    for (const [client, from] of [
      [bobs, afterHiding],
      [fresh, 0],
    ] as const) {
      await client.until(
        (m) => client.messages.indexOf(m) >= from && m.type === "snapshot" && m.scope === scope && m.last,
      );
    }
    expectSnapshotOf({ ...bobs, messages: bobs.messages.slice(afterHiding) }, scope, rows);
    expectSnapshotOf(fresh, scope, rows);
    for (const client of [bobs, fresh]) client.socket.close();
  });

  it("reaches a workspace collaborator only once they join the project, and leaves the moment they are removed", async () => {
    const { ada, bob, project, rows, scope } = await pipelineOfAda({ visible: true, bobsRole: "collaborator" });
    const bobs = s.connect(bob);
    expect(await ready(bobs)).toMatchObject({ scopes: expect.not.arrayContaining([scope]) });
    expect(JSON.stringify(bobs.messages)).not.toContain(project.id);

    await s.f.joinProject(project, bob, "collaborator");
    await bobs.until((m) => m.type === "snapshot" && m.scope === scope && m.last);
    expectSnapshotOf(bobs, scope, rows);

    const memberUrl = `/projects/${project.id}/project_users/${projectUserIdOf(project.id, bob.userId)}`;
    const removal = await s.f.send(ada, "DELETE", memberUrl);
    expect(removal.statusCode).toBe(200);
    await bobs.until(dropped(scope));
    // Nothing of the project follows the drop.
    const drop = bobs.messages.findIndex(dropped(scope));
    expect(rowsOf(bobs.messages.slice(drop)).filter((row) => row.scope === scope)).toEqual([]);
    expect(
      (await s.f.read(bob, `/projects/${project.id}/project_people`, removal.json().meta.position)).statusCode,
    ).toBe(404);
    bobs.socket.close();
  });

  it("leaves the socket of a member who leaves the workspace: the workspace's scope and every project's", async () => {
    const { bob, workspaceId, scope } = await pipelineOfAda({ visible: true, bobsRole: "manager" });
    const own = await s.f.createProject(bob, workspaceId, { name: "Bob's search" });
    await s.t.readModels.waitFor(own.position, 5000);
    const bobs = s.connect(bob);
    expect(await ready(bobs)).toMatchObject({ scopes: expect.arrayContaining([scope, `proj:${own.id}`]) });

    expect((await s.f.send(bob, "DELETE", `/workspaces/${workspaceId}`)).statusCode).toBe(200);
    for (const each of [`ws:${workspaceId}`, scope, `proj:${own.id}`]) await bobs.until(dropped(each));
    bobs.socket.close();
  });

  it("leaves the socket of a member the owner removes from the workspace, at once", async () => {
    const { ada, bob, workspaceId, scope } = await pipelineOfAda({ visible: true, bobsRole: "manager" });
    const bobs = s.connect(bob);
    expect(await ready(bobs)).toMatchObject({ scopes: expect.arrayContaining([`ws:${workspaceId}`, scope]) });

    const removal = await s.f.send(ada, "DELETE", `/workspaces/${workspaceId}/workspace_users/${bob.userId}`);
    expect(removal.statusCode, removal.body).toBe(200);
    for (const each of [`ws:${workspaceId}`, scope]) await bobs.until(dropped(each));
    bobs.socket.close();
  });
});
