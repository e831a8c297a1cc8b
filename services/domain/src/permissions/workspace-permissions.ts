import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";

/**
 * Who may do what to a workspace, by workspace role. The one place these powers are written;
 * commands, queries and sync scopes all ask `mayInWorkspace`.
 */
const powers = {
  "workspace.read": ["owner", "manager", "collaborator", "viewer"],
  "workspace.update": ["owner"],
  "workspace.remove": ["owner"],
  "workspace.leave": ["manager", "collaborator", "viewer"],
  // Viewers "cannot modify anything" (spec §6); everyone else works with the workspace's people.
  "people.read": ["owner", "manager", "collaborator", "viewer"],
  "people.add": ["owner", "manager", "collaborator"],
  "people.edit": ["owner", "manager", "collaborator"],
  // Spec §6: a manager "manages … workflows"; a collaborator "can create sequences, workflows and
  // projects" (and manages the ones they created); a viewer modifies nothing.
  "workflows.read": ["owner", "manager", "collaborator", "viewer"],
  "workflows.create": ["owner", "manager", "collaborator"],
  "workflows.manage": ["owner", "manager"],
  // Projects: collaborators create (and manage the ones they created); owners and managers manage all.
  "projects.read": ["owner", "manager", "collaborator", "viewer"],
  "projects.create": ["owner", "manager", "collaborator"],
  "projects.manage": ["owner", "manager"],
} as const satisfies Record<string, readonly WorkspaceRole[]>;

export type WorkspaceAction = keyof typeof powers;

export function mayInWorkspace(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return (powers[action] as readonly WorkspaceRole[]).includes(role);
}
