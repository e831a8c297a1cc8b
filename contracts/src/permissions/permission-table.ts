import type { ProjectRole } from "../projects/events.ts";
import type { WorkspaceRole } from "../workspaces/events.ts";

// Spec §6, written once. Commands, queries and sync scopes ask `mayInWorkspace` and `mayInProject`;
// nothing else decides who may do what.

const everyWorkspaceRole = ["owner", "manager", "collaborator", "viewer"] as const satisfies readonly WorkspaceRole[];
const everyProjectRole = ["owner", "manager", "collaborator", "viewer"] as const satisfies readonly ProjectRole[];
/** Spec §6: a workspace manager "access[es] all projects" and manages them; the owner has full control. */
const workspaceLeads = ["owner", "manager"] as const satisfies readonly WorkspaceRole[];

/** What a workspace role may do in its workspace. */
const workspacePowers = {
  "workspace.read": everyWorkspaceRole,
  "workspace.update": ["owner"],
  "workspace.remove": ["owner"],
  // Guests can only leave; the owner cannot.
  "workspace.leave": ["manager", "collaborator", "viewer"],
  // A manager "add[s] and remove[s] users".
  "workspace.members.manage": workspaceLeads,
  // Viewers "cannot modify anything"; everyone else works with the workspace's people.
  "people.read": everyWorkspaceRole,
  "people.add": ["owner", "manager", "collaborator"],
  "people.edit": ["owner", "manager", "collaborator"],
  // A manager "manages … workflows"; a collaborator "can create sequences, workflows and projects"
  // (and manages the ones they created); a viewer modifies nothing.
  "workflows.read": everyWorkspaceRole,
  "workflows.create": ["owner", "manager", "collaborator"],
  "workflows.manage": workspaceLeads,
  // Collaborators create projects (and own the ones they create); owners and managers manage all.
  "projects.read": everyWorkspaceRole,
  "projects.create": ["owner", "manager", "collaborator"],
  "projects.manage": workspaceLeads,
  // A manager "manages integrations"; everyone sees which credentials the workspace sends from.
  "integrations.read": everyWorkspaceRole,
  "integrations.manage": workspaceLeads,
  // As workflows: collaborators create sequences (and manage their own), leads manage all.
  "sequences.read": everyWorkspaceRole,
  "sequences.create": ["owner", "manager", "collaborator"],
  "sequences.manage": workspaceLeads,
  // The Reports page (the funnel, time in stage, step performance) is for the workspace's leads.
  "reports.read": workspaceLeads,
} as const satisfies Record<string, readonly WorkspaceRole[]>;

/**
 * What may be done to one project: by a member, through their project role, or by anyone whose
 * workspace role reaches every project of the workspace. Collaborators and viewers of the
 * workspace "need invitation to projects": they reach a project only as its members.
 */
const projectPowers = {
  "project.read": { project: everyProjectRole, workspace: workspaceLeads },
  // Owner: "unlimited access, edit and delete the project".
  "project.edit": { project: ["owner"], workspace: workspaceLeads },
  "project.remove": { project: ["owner"], workspace: workspaceLeads },
  // Manager: "invite and manage users"; "managing project members is allowed for owner and
  // manager (of project or workspace)".
  "project.members.manage": { project: ["owner", "manager"], workspace: workspaceLeads },
  // Manager: "add people"; collaborator: "add and edit people, use the workflow".
  "pipeline.work": { project: ["owner", "manager", "collaborator"], workspace: workspaceLeads },
  "workflow.use": { project: ["owner", "manager", "collaborator"], workspace: workspaceLeads },
  // Manager and collaborator "write messages"; the manager "send[s]" them.
  "messages.write": { project: ["owner", "manager", "collaborator"], workspace: workspaceLeads },
  "messages.send": { project: ["owner", "manager"], workspace: workspaceLeads },
  // With review, nothing goes before "a manager or owner sends what a writer made ready".
  "messages.approve": { project: ["owner", "manager"], workspace: workspaceLeads },
  // Adding a file contributes to the project as adding people does; removing one edits it.
  "files.add": { project: ["owner", "manager", "collaborator"], workspace: workspaceLeads },
} as const satisfies Record<string, { project: readonly ProjectRole[]; workspace: readonly WorkspaceRole[] }>;

export type WorkspaceAction = keyof typeof workspacePowers;
export type ProjectAction = keyof typeof projectPowers;
export const workspaceActions = Object.keys(workspacePowers) as WorkspaceAction[];
export const projectActions = Object.keys(projectPowers) as ProjectAction[];

export function mayInWorkspace(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return (workspacePowers[action] as readonly WorkspaceRole[]).includes(role);
}

/** Someone's standing toward one project: their role in its workspace, and in the project itself. */
export interface ProjectAccess {
  workspaceRole: WorkspaceRole | undefined;
  projectRole: ProjectRole | undefined;
}

export function mayInProject(access: ProjectAccess, action: ProjectAction): boolean {
  const powers = projectPowers[action];
  // Outside the workspace nothing counts, not even a membership left behind.
  if (access.workspaceRole === undefined) return false;
  if ((powers.workspace as readonly WorkspaceRole[]).includes(access.workspaceRole)) return true;
  return access.projectRole !== undefined && (powers.project as readonly ProjectRole[]).includes(access.projectRole);
}

/**
 * Whether someone reaches a project at all (spec §6). Its members do, by their project role; the
 * workspace roles that reach every project do while it is visible. A hidden project is its
 * members' alone (its creator is its first owner). Every other project action asks this first.
 */
export function mayReachProject(access: ProjectAccess, project: { visible: boolean }): boolean {
  if (!mayInProject(access, "project.read")) return false;
  return access.projectRole !== undefined || project.visible;
}

/** `mayReachProject` as role lists, for a query that asks it of many projects at once. */
export const projectReach = {
  projectRoles: projectPowers["project.read"].project,
  workspaceRolesWhileVisible: projectPowers["project.read"].workspace,
} as const;

/**
 * The project roles someone may give (spec §6): an owner (of the project or the workspace) any,
 * a manager (of either) Manager, Collaborator or Viewer, anyone else none.
 */
export function assignableProjectRoles(access: ProjectAccess): readonly ProjectRole[] {
  if (access.workspaceRole === undefined) return [];
  if (access.workspaceRole === "owner" || access.projectRole === "owner") return everyProjectRole;
  if (access.workspaceRole === "manager" || access.projectRole === "manager")
    return ["manager", "collaborator", "viewer"];
  return [];
}

/** The invite dialog's project roles (spec §6): never Viewer. */
export const invitableProjectRoles = ["owner", "manager", "collaborator"] as const satisfies readonly ProjectRole[];
/** Add Person's workspace roles for an email with no account yet (spec §5): never Owner. */
export const invitableWorkspaceRoles = [
  "manager",
  "collaborator",
  "viewer",
] as const satisfies readonly WorkspaceRole[];
