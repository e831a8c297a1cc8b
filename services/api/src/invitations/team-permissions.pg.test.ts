import {
  assignableProjectRoles,
  mayInProject,
  mayInWorkspace,
  type ProjectAccess,
} from "@hirestream/contracts/permissions/permission-table.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import { projectUserIdOf } from "@hirestream/contracts/projects/project-user-id.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../candidacies/testing/pipeline-fixtures.ts";
import { countEvents, type SignedIn, startTestApp, type TestApp } from "../testing/test-app.ts";

// The team endpoints run as every standing toward a workspace and a project, and each answer is
// checked against what the permission table says: allowed (2xx), forbidden (403) for someone who
// can see the workspace or project, or not found (404) for anyone else. A 403 or 404 appends nothing.

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp();
  f = pipelineFixtures(t, "matrix");
});
afterAll(async () => {
  await t.close();
});

/** Someone's standing: a role in the workspace (or none) and, for project endpoints, in the project (or none). */
interface Standing {
  workspaceRole: WorkspaceRole | undefined;
  projectRole: ProjectRole | undefined;
}

const workspaceStandings: Standing[] = [
  ...(["manager", "collaborator", "viewer"] as const).map((workspaceRole) => ({
    workspaceRole,
    projectRole: undefined,
  })),
  { workspaceRole: undefined, projectRole: undefined },
];

const projectStandings: Standing[] = [
  { workspaceRole: "manager", projectRole: undefined },
  ...(["owner", "manager", "collaborator", "viewer"] as const).flatMap((projectRole) =>
    (["collaborator", "viewer"] as const).map((workspaceRole) => ({ workspaceRole, projectRole })),
  ),
  { workspaceRole: "collaborator", projectRole: undefined },
  { workspaceRole: "viewer", projectRole: undefined },
  { workspaceRole: undefined, projectRole: undefined },
];

const describeStanding = ({ workspaceRole, projectRole }: Standing) =>
  `${workspaceRole ? `a workspace ${workspaceRole}` : "a stranger"}${projectRole ? ` who is a project ${projectRole}` : ""}`;

/** A workspace of a new owner, a visible project of theirs, and someone standing as asked toward both. */
async function arrange(standing: Standing) {
  const owner = await f.newUser();
  const actor = await f.newUser();
  const workspaceId = await f.createWorkspace(owner);
  const project = await f.createProject(owner, workspaceId);
  if (standing.workspaceRole && standing.workspaceRole !== "owner")
    await f.join(workspaceId, actor, standing.workspaceRole);
  const viewer = await f.newUser();
  await f.join(workspaceId, viewer, "viewer");
  const members: { userId: string; role: ProjectRole }[] = [{ userId: viewer.userId, role: "viewer" }];
  if (standing.projectRole) members.push({ userId: actor.userId, role: standing.projectRole });
  await appendEvents(
    t.store,
    `project-${project.id}`,
    members.map(({ userId, role }) => ({
      type: "ProjectMemberAdded",
      data: { projectId: project.id, workspaceId, userId, role },
    })),
    { occurredAt: t.clock.now.toISOString(), actor: owner.userId },
  );
  return { owner, actor, viewer, workspaceId, projectId: project.id };
}

/** 2xx when allowed; otherwise 403 for someone who sees the thing, 404 for anyone else. */
function expectedStatus(allowed: boolean, sees: boolean): "2xx" | 403 | 404 {
  if (allowed) return "2xx";
  return sees ? 403 : 404;
}

async function check(actor: SignedIn, send: () => Promise<{ statusCode: number }>, expected: "2xx" | 403 | 404) {
  const before = await countEvents(t.pool);
  const { statusCode } = await send();
  if (expected === "2xx") {
    expect(statusCode, actor.email).toBeGreaterThanOrEqual(200);
    expect(statusCode, actor.email).toBeLessThan(300);
    return;
  }
  expect(statusCode, actor.email).toBe(expected);
  expect(await countEvents(t.pool)).toBe(before);
}

const projectAccess = (standing: Standing): ProjectAccess => standing;
/** The table's project.read, with spec §6's hidden projects aside (these projects are visible). */
const seesProject = (standing: Standing) => mayInProject(projectAccess(standing), "project.read");

describe("inviting to a workspace", () => {
  for (const standing of workspaceStandings) {
    const role = standing.workspaceRole;
    const allowed = role !== undefined && mayInWorkspace(role, "workspace.members.manage");
    const expected = expectedStatus(allowed, role !== undefined);
    it(`${describeStanding(standing)}: ${expected}`, async () => {
      const { actor, workspaceId } = await arrange(standing);
      await check(
        actor,
        () =>
          f.send(actor, "POST", "/invitations", {
            user_to_email: `new-${workspaceId}@example.com`,
            invitable_type: "Workspace",
            invitable_id: workspaceId,
            workspace_role: "collaborator",
          }),
        expected,
      );
    });
  }
});

describe("inviting to a project as a collaborator", () => {
  for (const standing of projectStandings) {
    const access = projectAccess(standing);
    const allowed =
      mayInProject(access, "project.members.manage") && assignableProjectRoles(access).includes("collaborator");
    const expected = expectedStatus(allowed, seesProject(standing));
    it(`${describeStanding(standing)}: ${expected}`, async () => {
      const { actor, projectId } = await arrange(standing);
      await check(
        actor,
        () =>
          f.send(actor, "POST", "/invitations", {
            user_to_email: `new-${projectId}@example.com`,
            invitable_type: "Project",
            invitable_id: projectId,
            workspace_role: "viewer",
            project_role: "collaborator",
          }),
        expected,
      );
    });
  }
});

describe("changing a project viewer's role to manager", () => {
  for (const standing of projectStandings) {
    const access = projectAccess(standing);
    const allowed =
      mayInProject(access, "project.members.manage") && assignableProjectRoles(access).includes("manager");
    const expected = expectedStatus(allowed, seesProject(standing));
    it(`${describeStanding(standing)}: ${expected}`, async () => {
      const { actor, viewer, projectId } = await arrange(standing);
      const url = `/projects/${projectId}/project_users/${projectUserIdOf(projectId, viewer.userId)}`;
      await check(actor, () => f.send(actor, "PUT", url, { role: "manager" }), expected);
    });
  }
});

describe("removing a project viewer", () => {
  for (const standing of projectStandings) {
    const allowed = mayInProject(projectAccess(standing), "project.members.manage");
    const expected = expectedStatus(allowed, seesProject(standing));
    it(`${describeStanding(standing)}: ${expected}`, async () => {
      const { actor, viewer, projectId } = await arrange(standing);
      const url = `/projects/${projectId}/project_users/${projectUserIdOf(projectId, viewer.userId)}`;
      await check(actor, () => f.send(actor, "DELETE", url), expected);
    });
  }
});

describe("removing the project's owner", () => {
  for (const standing of projectStandings) {
    const access = projectAccess(standing);
    // Only an owner-level member may touch an owner; the only owner then stays (422).
    const mayTouchOwners =
      mayInProject(access, "project.members.manage") && assignableProjectRoles(access).includes("owner");
    const expected = mayTouchOwners ? 422 : expectedStatus(false, seesProject(standing));
    it(`${describeStanding(standing)}: ${expected}`, async () => {
      const { actor, owner, projectId } = await arrange(standing);
      const url = `/projects/${projectId}/project_users/${projectUserIdOf(projectId, owner.userId)}`;
      // A second owner among the standings changes who is "the only owner".
      const onlyOwner = standing.projectRole !== "owner";
      const answer = await f.send(actor, "DELETE", url);
      if (expected === 422) expect(answer.statusCode).toBe(onlyOwner ? 422 : 200);
      else expect(answer.statusCode).toBe(expected);
    });
  }
});

/** The owner invites a newcomer to the workspace, or to the project; answers the invitation's id. */
async function invitedByOwner(owner: SignedIn, opens: { workspaceId: string } | { projectId: string }) {
  const attributes =
    "projectId" in opens
      ? { invitable_type: "Project", invitable_id: opens.projectId, project_role: "collaborator" }
      : { invitable_type: "Workspace", invitable_id: opens.workspaceId };
  const answer = await f.send(owner, "POST", "/invitations", {
    user_to_email: `invited-${crypto.randomUUID()}@example.com`,
    workspace_role: "viewer",
    ...attributes,
  });
  expect(answer.statusCode).toBe(201);
  return String(answer.json().data.id);
}

describe("withdrawing a workspace invitation", () => {
  for (const standing of workspaceStandings) {
    const role = standing.workspaceRole;
    const allowed = role !== undefined && mayInWorkspace(role, "workspace.members.manage");
    const expected = expectedStatus(allowed, role !== undefined);
    it(`${describeStanding(standing)}: ${expected}`, async () => {
      const { owner, actor, workspaceId } = await arrange(standing);
      const invitationId = await invitedByOwner(owner, { workspaceId });
      await check(actor, () => f.send(actor, "DELETE", `/invitations/${invitationId}`), expected);
    });
  }
});

describe("withdrawing a project invitation", () => {
  for (const standing of projectStandings) {
    const allowed = mayInProject(projectAccess(standing), "project.members.manage");
    const expected = expectedStatus(allowed, seesProject(standing));
    it(`${describeStanding(standing)}: ${expected}`, async () => {
      const { owner, actor, projectId } = await arrange(standing);
      const invitationId = await invitedByOwner(owner, { projectId });
      await check(actor, () => f.send(actor, "DELETE", `/invitations/${invitationId}`), expected);
    });
  }
});
