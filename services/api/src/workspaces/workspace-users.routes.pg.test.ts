import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../candidacies/testing/pipeline-fixtures.ts";
import { countEvents, startTestApp, type TestApp } from "../testing/test-app.ts";

// Spec §6: the owner and the managers of a workspace "add and remove users"; nobody removes the owner.

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp();
  f = pipelineFixtures(t, "workspace-users");
});
afterAll(async () => {
  await t.close();
});

async function team() {
  const owner = await f.newUser();
  const manager = await f.newUser();
  const collaborator = await f.newUser();
  const workspaceId = await f.createWorkspace(owner, "Team");
  await f.join(workspaceId, manager, "manager");
  await f.join(workspaceId, collaborator, "collaborator");
  return {
    owner,
    manager,
    collaborator,
    workspaceId,
    url: (userId: string) => `/workspaces/${workspaceId}/workspace_users/${userId}`,
  };
}

describe("DELETE /workspaces/{id}/workspace_users/{user_id}", () => {
  it("a manager removes a collaborator, who then finds neither the workspace nor its projects", async () => {
    const { owner, manager, collaborator, workspaceId, url } = await team();
    const project = await f.createProject(owner, workspaceId, { name: "Shared" });
    await f.joinProject(project, collaborator, "collaborator");
    const removal = await f.send(manager, "DELETE", url(collaborator.userId));
    expect(removal.statusCode, removal.body).toBe(200);
    const position = removal.json().meta.position;
    expect((await f.read(collaborator, `/workspaces/${workspaceId}`, position)).statusCode).toBe(404);
    expect((await f.read(collaborator, `/workspaces/${workspaceId}/projects/${project.id}`, position)).statusCode).toBe(
      404,
    );
    const listed = await f.read(collaborator, "/workspaces", position);
    expect(listed.json().data).toEqual([]);
    // Removing them again finds no such member.
    const again = await f.send(manager, "DELETE", url(collaborator.userId));
    expect(again.statusCode).toBe(404);
    expect(again.json().errors[0].detail).toBe("Member not found");
  });

  it("nobody removes the owner: 403 with the reason, and nothing is appended", async () => {
    const { owner, manager, url } = await team();
    const before = await countEvents(t.pool);
    for (const actor of [manager, owner]) {
      const refused = await f.send(actor, "DELETE", url(owner.userId));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors[0].detail).toBe("The owner of a workspace cannot be removed from it");
    }
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("a collaborator may not remove anyone; a stranger learns nothing of the workspace", async () => {
    const { manager, collaborator, url } = await team();
    const stranger = await f.newUser();
    expect((await f.send(collaborator, "DELETE", url(manager.userId))).statusCode).toBe(403);
    const unknown = await f.send(stranger, "DELETE", url(manager.userId));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0].detail).toBe("Workspace not found");
  });

  it("an id that is not a member, or not a UUID, is 404", async () => {
    const { owner, url } = await team();
    expect((await f.send(owner, "DELETE", url(randomUUID()))).statusCode).toBe(404);
    expect((await f.send(owner, "DELETE", url("not-a-uuid"))).statusCode).toBe(404);
  });
});
