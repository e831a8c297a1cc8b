import { projectUserIdOf } from "@hirestream/contracts/projects/project-user-id.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../candidacies/testing/pipeline-fixtures.ts";
import { countEvents, type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
  f = pipelineFixtures(t, "inviter");
});
afterAll(async () => {
  await t.close();
});

let invitees = 0;
const newInvitee = () => signUpUser(t.app, `invitee${++invitees}@example.com`);

function invite(from: SignedIn, attributes: Record<string, unknown>) {
  return f.send(from, "POST", "/invitations", { data: { type: "invitation", attributes } });
}

/** A workspace with a project, made by `owner`. */
async function project(owner: SignedIn) {
  const workspaceId = await f.createWorkspace(owner);
  return f.createProject(owner, workspaceId);
}

async function mailTo(address: string) {
  const { rows } = await t.pool.query<{ subject: string; mime: string }>(
    "select subject, mime from local_mailbox where to_address = $1",
    [address],
  );
  return rows;
}

describe("POST /invitations to a project", () => {
  it("invites an existing user with both roles; they see it in their list, accept, and become members", async () => {
    const owner = await f.newUser();
    const invitee = await newInvitee();
    const { id: projectId, workspaceId } = await project(owner);
    const sent = await invite(owner, {
      user_to_email: invitee.email.toUpperCase(),
      invitable_type: "Project",
      invitable_id: projectId,
      workspace_role: "viewer",
      project_role: "collaborator",
    });
    expect(sent.statusCode).toBe(201);
    const invitation = sent.json().data;
    expect(invitation).toMatchObject({
      type: "invitation",
      attributes: {
        user_to_id: invitee.userId,
        user_to_email: invitee.email,
        user_from_id: owner.userId,
        invitable_id: projectId,
        invitable_type: "Project",
        workspace_role: "viewer",
        project_role: "collaborator",
        status: "waiting",
      },
    });
    // A known user is told by the bell, not by mail.
    await t.reactions?.settle();
    expect(await mailTo(invitee.email)).toEqual([]);

    const mine = await f.read(invitee, "/invitations", sent.json().meta.position);
    expect(mine.json().data.map((each: { id: string }) => each.id)).toEqual([invitation.id]);
    expect(mine.json().included).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: owner.userId, type: "user" }),
        { id: projectId, type: "project", attributes: { name: expect.any(String) } },
      ]),
    );
    const pending = await f.read(owner, `/projects/${projectId}/invitations`, sent.json().meta.position);
    expect(pending.json().data).toHaveLength(1);

    const accepted = await f.send(invitee, "PUT", `/invitations/${invitation.id}/accept`, {
      data: { type: "invitation", attributes: {} },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.attributes.status).toBe("active");
    const position = accepted.json().meta.position;
    const workspaces = await f.read(invitee, "/workspaces", position);
    expect(workspaces.json().data.map((each: { id: string }) => each.id)).toContain(workspaceId);
    expect((await f.read(invitee, "/invitations", position)).json().data).toEqual([]);
    expect((await f.read(owner, `/projects/${projectId}/invitations`, position)).json().data).toEqual([]);

    // A member now: the owner changes their role through the project_user id.
    const memberUrl = `/projects/${projectId}/project_users/${projectUserIdOf(projectId, invitee.userId)}`;
    const promoted = await f.send(owner, "PUT", memberUrl, { role: "manager" });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({
      type: "project_user",
      attributes: { user_id: invitee.userId, project_id: projectId, role: "manager", email: invitee.email },
    });
  });

  it("accepting twice makes one membership and answers the same", async () => {
    const owner = await f.newUser();
    const invitee = await newInvitee();
    const { id: projectId } = await project(owner);
    const sent = await invite(owner, {
      user_to_email: invitee.email,
      invitable_type: "Project",
      invitable_id: projectId,
      workspace_role: "collaborator",
      project_role: "manager",
    });
    const url = `/invitations/${sent.json().data.id}/accept`;
    expect((await f.send(invitee, "PUT", url)).statusCode).toBe(200);
    const before = await countEvents(t.pool);
    expect((await f.send(invitee, "PUT", url)).json().data.attributes.status).toBe("active");
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("mails an email with no account; the invitation waits for that sign-up and is then theirs", async () => {
    const owner = await f.newUser();
    const { id: projectId } = await project(owner);
    const email = "newcomer@example.com";
    const sent = await invite(owner, {
      user_to_email: email,
      invitable_type: "Project",
      invitable_id: projectId,
      workspace_role: "manager",
      project_role: "owner",
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.attributes.user_to_id).toBeNull();
    await t.reactions?.settle();
    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.mime).toContain("http://localhost:3000/sign_up");

    const newcomer = await signUpUser(t.app, email);
    const mine = await f.read(newcomer, "/invitations", sent.json().meta.position);
    expect(mine.json().data.map((each: { id: string }) => each.id)).toEqual([sent.json().data.id]);
    const accepted = await f.send(newcomer, "PUT", `/invitations/${sent.json().data.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.attributes.user_to_id).toBe(newcomer.userId);
  });

  it("asks for a workspace role from someone not in the workspace, and refuses Viewer as a project role", async () => {
    const owner = await f.newUser();
    const invitee = await newInvitee();
    const { id: projectId } = await project(owner);
    const before = await countEvents(t.pool);
    const noRole = await invite(owner, {
      user_to_email: invitee.email,
      invitable_type: "Project",
      invitable_id: projectId,
      project_role: "collaborator",
    });
    expect(noRole.statusCode).toBe(422);
    expect(noRole.json().errors[0]).toMatchObject({
      detail: "This field is required",
      source: { pointer: "/data/attributes/workspace_role" },
    });
    const viewer = await invite(owner, {
      user_to_email: invitee.email,
      invitable_type: "Project",
      invitable_id: projectId,
      workspace_role: "viewer",
      project_role: "viewer",
    });
    expect(viewer.statusCode).toBe(422);
    expect(viewer.json().errors[0].source.pointer).toBe("/data/attributes/project_role");
    const badEmail = await invite(owner, {
      user_to_email: "not an email",
      invitable_type: "Project",
      invitable_id: projectId,
      workspace_role: "viewer",
      project_role: "collaborator",
    });
    expect(badEmail.json().errors[0].detail).toBe("Valid email is required");
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("a workspace collaborator who is not in the project, and a stranger, find no project to invite to", async () => {
    const owner = await f.newUser();
    const collaborator = await f.newUser();
    const stranger = await f.newUser();
    const { id: projectId, workspaceId } = await project(owner);
    await f.join(workspaceId, collaborator, "collaborator");
    const attributes = {
      user_to_email: "someone@example.com",
      invitable_type: "Project",
      invitable_id: projectId,
      workspace_role: "viewer",
      project_role: "collaborator",
    };
    // Spec §6: collaborators and viewers of a workspace need an invitation to its projects.
    expect((await invite(collaborator, attributes)).statusCode).toBe(404);
    expect((await invite(stranger, attributes)).statusCode).toBe(404);
  });

  it("refuses a second waiting invitation of the same email to the same project", async () => {
    const owner = await f.newUser();
    const { id: projectId } = await project(owner);
    const attributes = {
      user_to_email: "twice@example.com",
      invitable_type: "Project",
      invitable_id: projectId,
      workspace_role: "viewer",
      project_role: "collaborator",
    };
    const first = await invite(owner, attributes);
    await f.read(owner, `/projects/${projectId}/invitations`, first.json().meta.position);
    const second = await invite(owner, attributes);
    expect(second.statusCode).toBe(422);
    expect(second.json().errors[0].detail).toBe("has a pending invitation already");
  });

  it("lists a project's invitations ten to a page unless asked for another page size", async () => {
    const owner = await f.newUser();
    const { id: projectId } = await project(owner);
    let position = 0;
    for (let n = 0; n < 12; n++) {
      const sent = await invite(owner, {
        user_to_email: `paged${n}@example.com`,
        invitable_type: "Project",
        invitable_id: projectId,
        workspace_role: "viewer",
        project_role: "collaborator",
      });
      expect(sent.statusCode).toBe(201);
      position = sent.json().meta.position;
    }
    const first = await f.read(owner, `/projects/${projectId}/invitations`, position);
    expect(first.json().data).toHaveLength(10);
    expect(first.json().meta.pages).toEqual({ current: 1, total: 2 });
    expect((await f.read(owner, `/projects/${projectId}/invitations?page=2`)).json().data).toHaveLength(2);
    expect((await f.read(owner, `/projects/${projectId}/invitations?limit=20`)).json().data).toHaveLength(12);
    const odd = await f.read(owner, `/projects/${projectId}/invitations?limit=7`);
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors[0].source).toEqual({ parameter: "limit" });
  });
});

describe("answering", () => {
  it("the invitee rejects; accepting afterwards is refused; nobody else can answer", async () => {
    const owner = await f.newUser();
    const invitee = await newInvitee();
    const stranger = await f.newUser();
    const { id: projectId, workspaceId } = await project(owner);
    const sent = await invite(owner, {
      user_to_email: invitee.email,
      invitable_type: "Project",
      invitable_id: projectId,
      workspace_role: "viewer",
      project_role: "collaborator",
    });
    const id = sent.json().data.id;
    expect((await f.send(stranger, "PUT", `/invitations/${id}/accept`)).statusCode).toBe(404);
    expect((await f.send(owner, "PUT", `/invitations/${id}/reject`)).statusCode).toBe(404);
    const rejected = await f.send(invitee, "PUT", `/invitations/${id}/reject`);
    expect(rejected.json().data.attributes.status).toBe("inactive");
    const late = await f.send(invitee, "PUT", `/invitations/${id}/accept`);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors[0].detail).toBe("This invitation has already been answered");
    const workspaces = await f.read(invitee, "/workspaces", rejected.json().meta.position);
    expect(workspaces.json().data.map((each: { id: string }) => each.id)).not.toContain(workspaceId);
  });
});

describe("POST /invitations to a workspace", () => {
  it("owners and managers invite; the invitee joins the workspace with the role sent", async () => {
    const owner = await f.newUser();
    const invitee = await newInvitee();
    const workspaceId = await f.createWorkspace(owner);
    const sent = await invite(owner, {
      user_to_email: invitee.email,
      invitable_type: "Workspace",
      invitable_id: workspaceId,
      workspace_role: "manager",
    });
    expect(sent.statusCode).toBe(201);
    const listed = await f.read(owner, `/workspaces/${workspaceId}/invitations`, sent.json().meta.position);
    expect(listed.json().data).toHaveLength(1);
    const accepted = await f.send(invitee, "PUT", `/invitations/${sent.json().data.id}/accept`);
    const mine = await f.read(invitee, "/workspaces", accepted.json().meta.position);
    expect(mine.json().data.find((each: { id: string }) => each.id === workspaceId)?.meta.role).toBe("manager");
  });
});

describe("GET /workspaces/me/invitations", () => {
  it("lists the waiting invitations of every workspace the user belongs to, and none of another's", async () => {
    const owner = await f.newUser();
    const outsider = await f.newUser();
    const first = await f.createWorkspace(owner);
    const second = await f.createWorkspace(owner);
    const foreign = await f.createWorkspace(outsider);
    const ids: string[] = [];
    let position = 0;
    for (const [from, workspaceId] of [
      [owner, first],
      [owner, second],
      [outsider, foreign],
    ] as const) {
      const sent = await invite(from, {
        user_to_email: (await newInvitee()).email,
        invitable_type: "Workspace",
        invitable_id: workspaceId,
        workspace_role: "viewer",
      });
      expect(sent.statusCode).toBe(201);
      ids.push(sent.json().data.id);
      position = Math.max(position, sent.json().meta.position);
    }
    const mine = await f.read(owner, "/workspaces/me/invitations", position);
    expect(mine.statusCode).toBe(200);
    expect(
      mine
        .json()
        .data.map((each: { id: string }) => each.id)
        .sort(),
    ).toEqual([ids[0], ids[1]].sort());
    const theirs = await f.read(outsider, "/workspaces/me/invitations", position);
    expect(theirs.json().data.map((each: { id: string }) => each.id)).toEqual([ids[2]]);
  });
});

describe("DELETE /invitations/{id}", () => {
  it("the project's owner withdraws a waiting invitation: gone from the invitee's list and the project's, and no longer accepted; it may be sent again", async () => {
    const owner = await f.newUser();
    const invitee = await newInvitee();
    const { id: projectId } = await project(owner);
    const attributes = {
      user_to_email: invitee.email,
      invitable_type: "Project",
      invitable_id: projectId,
      workspace_role: "viewer",
      project_role: "collaborator",
    };
    const sent = await invite(owner, attributes);
    const id = sent.json().data.id;
    // The invitee does not see the project yet: for them there is nothing to withdraw.
    expect((await f.send(invitee, "DELETE", `/invitations/${id}`)).statusCode).toBe(404);

    const withdrawn = await f.send(owner, "DELETE", `/invitations/${id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data.attributes.status).toBe("inactive");
    const position = withdrawn.json().meta.position;
    expect((await f.read(invitee, "/invitations", position)).json().data).toEqual([]);
    expect((await f.read(owner, `/projects/${projectId}/invitations`, position)).json().data).toEqual([]);
    const late = await f.send(invitee, "PUT", `/invitations/${id}/accept`);
    expect(late.statusCode).toBe(422);

    const events = await countEvents(t.pool);
    expect((await f.send(owner, "DELETE", `/invitations/${id}`)).statusCode).toBe(200);
    expect(await countEvents(t.pool)).toBe(events);
    expect((await invite(owner, attributes)).statusCode).toBe(201);
  });

  it("an unknown invitation is not found", async () => {
    const owner = await f.newUser();
    const unknown = await f.send(owner, "DELETE", `/invitations/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
  });
});
