import { projectUserIdOf } from "@hirestream/contracts/projects/project-user-id.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../candidacies/testing/pipeline-fixtures.ts";
import { type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp();
  f = pipelineFixtures(t, "members");
});
afterAll(async () => {
  await t.close();
});

let invitees = 0;
const newInvitee = () => signUpUser(t.app, `member${++invitees}@example.com`);

function invite(from: SignedIn, attributes: Record<string, unknown>) {
  return f.send(from, "POST", "/invitations", { data: { type: "invitation", attributes } });
}

/** A workspace with a project, made by `owner`. */
async function project(owner: SignedIn) {
  const workspaceId = await f.createWorkspace(owner);
  return f.createProject(owner, workspaceId);
}

describe("PUT and DELETE /projects/{p}/project_users/{id}", () => {
  it("the only owner can be neither demoted nor removed; a removed member is gone", async () => {
    const owner = await f.newUser();
    const invitee = await newInvitee();
    const { id: projectId } = await project(owner);
    const sent = await invite(owner, {
      user_to_email: invitee.email,
      invitable_type: "Project",
      invitable_id: projectId,
      workspace_role: "viewer",
      project_role: "manager",
    });
    await f.send(invitee, "PUT", `/invitations/${sent.json().data.id}/accept`);
    const ownerUrl = `/projects/${projectId}/project_users/${projectUserIdOf(projectId, owner.userId)}`;
    const demoted = await f.send(owner, "PUT", ownerUrl, { role: "manager" });
    expect(demoted.statusCode).toBe(422);
    expect(demoted.json().errors[0]).toMatchObject({
      detail: "The only owner of a project cannot be changed or removed",
      source: { pointer: "/data/attributes/role" },
    });
    expect((await f.send(invitee, "DELETE", ownerUrl)).statusCode).toBe(403);

    const memberUrl = `/projects/${projectId}/project_users/${projectUserIdOf(projectId, invitee.userId)}`;
    expect((await f.send(invitee, "PUT", memberUrl, { role: "owner" })).statusCode).toBe(403);
    expect((await f.send(owner, "DELETE", memberUrl)).statusCode).toBe(200);
    const again = await f.send(owner, "PUT", memberUrl, { role: "viewer" });
    expect(again.statusCode).toBe(404);
    expect(again.json().errors[0].detail).toBe("Project user not found");
  });

  it("an unknown role is refused with the roles there are", async () => {
    const owner = await f.newUser();
    const { id: projectId } = await project(owner);
    const url = `/projects/${projectId}/project_users/${projectUserIdOf(projectId, owner.userId)}`;
    const refused = await f.send(owner, "PUT", url, { role: "boss" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].detail).toBe("must be one of owner, manager, collaborator, viewer");
  });
});
