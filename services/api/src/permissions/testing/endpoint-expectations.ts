// What the permission table (contracts/src/permissions/permission-table.ts) says each
// standing gets from an endpoint. The expectations are worked out from the table, never written
// out by hand, so a change to the table changes them, and an endpoint that strays from it fails.

import {
  assignableProjectRoles,
  mayInProject,
  mayInWorkspace,
  mayReachProject,
  type ProjectAction,
  type WorkspaceAction,
} from "@hirestream/contracts/permissions/permission-table.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { Standing, World } from "./permission-world.ts";

export type Status = "2xx" | 403 | 404;

/** What a call must answer: a status and, for a list, whether the world's project is in it. */
export interface Expected {
  status: Status;
  listed?: boolean;
}

interface Answer {
  statusCode: number;
  body: string;
}

export interface Endpoint {
  name: string;
  /** Changes something: a refusal must append nothing. */
  writes: boolean;
  expected(standing: Standing, visible: boolean): Expected;
  /** Makes the call as the world's actor. `target` is what `prepare` made, when it did. */
  call(world: World, target: string): Promise<Answer>;
  /** For a call that uses up what it acts on (removes, archives): a target of its own, made by the owner. */
  prepare?(world: World): Promise<string>;
  /** For a list: the text that, in the answer, says the world's project is listed. */
  listedBy?(world: World): string;
}

export const reaches = (standing: Standing, visible: boolean) => mayReachProject(standing, { visible });

/** Someone outside the workspace learns nothing of it (404); a role without the power is refused (403). */
export const inWorkspace =
  (action: WorkspaceAction) =>
  (standing: Standing): Expected => {
    if (standing.workspaceRole === undefined) return { status: 404 };
    return { status: mayInWorkspace(standing.workspaceRole, action) ? "2xx" : 403 };
  };

/** Someone the project is unknown to learns nothing of it (404); a role without the power is refused (403). */
export const inProject =
  (action: ProjectAction) =>
  (standing: Standing, visible: boolean): Expected => {
    if (!reaches(standing, visible)) return { status: 404 };
    return { status: mayInProject(standing, action) ? "2xx" : 403 };
  };

/** Something every member of the workspace reads (its templates, say); to anyone else it is unknown. */
export const workspaceWide = (standing: Standing): Expected =>
  standing.workspaceRole === undefined ? { status: 404 } : { status: "2xx", listed: true };

/** A list of the workspace's: for its members, naming the project only to those it reaches. */
export const workspaceListing = (standing: Standing, visible: boolean): Expected =>
  standing.workspaceRole === undefined ? { status: 404 } : { status: "2xx", listed: reaches(standing, visible) };

/**
 * A project's copy of a workflow is managed as the project is edited. To a role that manages no
 * workflows at all, an unknown copy is refused as every workflow is (403), so the answer tells nothing.
 */
export const onCopy = (standing: Standing, visible: boolean): Expected => {
  const role = standing.workspaceRole;
  if (role === undefined) return { status: 404 };
  if (reaches(standing, visible)) return { status: mayInProject(standing, "project.edit") ? "2xx" : 403 };
  return { status: mayInWorkspace(role, "workflows.create") ? 404 : 403 };
};

/** Giving someone a project role: managing the project's members, and a role the actor may give. */
export const givingProjectRole =
  (role: ProjectRole) =>
  (standing: Standing, visible: boolean): Expected => {
    if (!reaches(standing, visible)) return { status: 404 };
    const allowed = mayInProject(standing, "project.members.manage") && assignableProjectRoles(standing).includes(role);
    return { status: allowed ? "2xx" : 403 };
  };

/** Importing into a project adds people to its workspace too, which is the workspace role's to allow. */
export const importInto = (standing: Standing, visible: boolean): Expected => {
  const byProject = inProject("pipeline.work")(standing, visible);
  if (byProject.status !== "2xx" || standing.workspaceRole === undefined) return byProject;
  return { status: mayInWorkspace(standing.workspaceRole, "people.add") ? "2xx" : 403 };
};
