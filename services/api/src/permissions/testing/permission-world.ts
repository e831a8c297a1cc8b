// A workspace with a project in full (a workflow copy, a candidate, a file, a pending invitation)
// and a template, and someone standing toward both as a test asks: the world each endpoint of the
// permission matrix is called in.
import { randomUUID } from "node:crypto";
import type { ProjectAccess } from "@hirestream/contracts/permissions/permission-table.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { expect } from "vitest";
import {
  candidateUrl,
  type PipelineFixtures,
  type PipelineProject,
} from "../../candidacies/testing/pipeline-fixtures.ts";
import { multipart } from "../../people/import/testing/import-fixtures.ts";
import { joinProject } from "../../testing/memberships.ts";
import type { SignedIn, TestApp } from "../../testing/test-app.ts";

/** Someone's standing: a role in the workspace (or none), and in the project (or none). */
export interface Standing extends ProjectAccess {
  workspaceRole: WorkspaceRole | undefined;
  projectRole: ProjectRole | undefined;
}

/** The workspace's owner, who creates the world's projects and so is their first owner too. */
const ownerStanding: Standing = { workspaceRole: "owner", projectRole: "owner" };
const isOwner = (standing: Standing) => standing.workspaceRole === "owner";

export const standings: Standing[] = [
  ownerStanding,
  ...(["manager", "collaborator", "viewer"] as const).flatMap((workspaceRole) =>
    [undefined, "owner", "manager", "collaborator", "viewer"].map((projectRole) => ({
      workspaceRole,
      projectRole: projectRole as ProjectRole | undefined,
    })),
  ),
  { workspaceRole: undefined, projectRole: undefined },
  // A membership left behind by someone no longer in the workspace counts for nothing.
  { workspaceRole: undefined, projectRole: "owner" },
];

/** A workflow template's creation body: three stages, the fewest a workflow has. */
export function templateBody(name: string) {
  return {
    data: { type: "workflows", attributes: { name, stages_attributes: [{ name: "A" }, { name: "B" }, { name: "C" }] } },
  };
}

export const describeStanding = ({ workspaceRole, projectRole }: Standing) =>
  `${workspaceRole ? `a workspace ${workspaceRole}` : "someone outside the workspace"}${projectRole ? `, project ${projectRole}` : ""}`;

export interface World {
  owner: SignedIn;
  actor: SignedIn;
  standing: Standing;
  workspaceId: string;
  project: PipelineProject & { name: string; visible: boolean };
  /** A candidate of the project, and the person it is. */
  candidateUrl: string;
  personId: string;
  candidateName: string;
  /** A person of the workspace in no project, to assign. */
  spareId: string;
  templateId: string;
  fileId: string;
  invitationId: string;
}

export function permissionWorld(t: TestApp, f: PipelineFixtures) {
  const tokenName = (kind: string) => `${kind} ${randomUUID().slice(0, 8)}`;

  /** A project of the owner's, with its workflow copy or none, which the actor joins as their standing says. */
  async function newProject(
    world: Pick<World, "owner" | "actor" | "standing" | "workspaceId">,
    options: {
      visible: boolean;
      workflow?: boolean;
    },
  ) {
    const name = tokenName("Project");
    const project = await f.createProject(world.owner, world.workspaceId, { ...options, name });
    const { projectRole } = world.standing;
    const position =
      projectRole && !isOwner(world.standing)
        ? await joinProject(
            t.store,
            { projectId: project.id, workspaceId: project.workspaceId },
            world.actor.userId,
            projectRole,
          )
        : project.position;
    return { ...project, name, visible: options.visible, position };
  }

  async function upload(user: SignedIn, project: { id: string; workspaceId: string }) {
    const { payload, contentType } = multipart([
      { name: "data[project_id]", value: project.id },
      { name: "data[workspace_id]", value: project.workspaceId },
      { name: "data[file]", value: "brief", filename: "brief.csv" },
    ]);
    return t.app.inject({
      method: "POST",
      url: "/api/v1/files",
      headers: { ...user.headers, "content-type": contentType },
      payload,
    });
  }

  /** Waits until the read models hold everything written so far. */
  async function settle() {
    const { rows } = await t.pool.query<{ position: string }>(
      "select coalesce(max(global_position), 0) as position from events",
    );
    expect(await t.readModels.waitFor(Number(rows[0]?.position ?? 0), 10_000)).toBe(true);
  }

  return {
    newProject,
    upload,
    settle,

    async arrange(standing: Standing, visible: boolean): Promise<World> {
      const owner = await f.newUser();
      const actor = isOwner(standing) ? owner : await f.newUser();
      const workspaceId = await f.createWorkspace(owner, tokenName("Workspace"));
      // A membership left behind: the actor joined the project, then left the workspace.
      const everMember = standing.workspaceRole ?? (standing.projectRole ? "collaborator" : undefined);
      if (everMember && everMember !== "owner") await f.join(workspaceId, actor, everMember);
      const base = { owner, actor, standing, workspaceId };
      const project = await newProject(base, { visible });
      if (standing.workspaceRole === undefined && everMember) {
        // The route tells leaving from removing by the read model's membership.
        await settle();
        expect((await f.send(actor, "DELETE", `/workspaces/${workspaceId}`)).statusCode).toBe(200);
      }
      const candidateName = tokenName("Candidate");
      const person = await f.addPerson(owner, { first_name: candidateName }, workspaceId);
      const spare = await f.addPerson(owner, { first_name: tokenName("Spare") }, workspaceId);
      await f.assign(owner, project, [person.id]);
      const template = await f.send(
        owner,
        "POST",
        `/workspaces/${workspaceId}/workflows`,
        templateBody(tokenName("Template")),
      );
      expect(template.statusCode, template.body).toBe(201);
      const file = await upload(owner, project);
      expect(file.statusCode, file.body).toBe(201);
      const invitation = await f.send(owner, "POST", "/invitations", {
        user_to_email: `${randomUUID()}@example.com`,
        invitable_type: "Project",
        invitable_id: project.id,
        workspace_role: "viewer",
        project_role: "collaborator",
      });
      expect(invitation.statusCode, invitation.body).toBe(201);
      await settle();
      return {
        ...base,
        project,
        candidateUrl: candidateUrl(project, person.id),
        personId: person.id,
        candidateName,
        spareId: spare.id,
        templateId: template.json().data.id,
        fileId: file.json().data.id,
        invitationId: invitation.json().data.id,
      };
    },
  };
}

export type PermissionWorld = ReturnType<typeof permissionWorld>;
