import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { type ExistingProject, mayRead, type ProjectContext } from "../project/project.decider.ts";

// Spec §6: a viewer "cannot modify anything"; everyone else may add, move and remove candidates.
const pipelineRoles: readonly WorkspaceRole[] = ["owner", "manager", "collaborator"];

/**
 * Whether the actor may change the project's pipeline (add, move, answer for, remove candidates).
 * Project roles will refine this (spec §6: a project viewer may not); until they exist the
 * workspace role decides, for anyone who can read the project. The one place the rule is written.
 */
export function mayWorkPipeline(project: ExistingProject, context: ProjectContext): boolean {
  const role = context.workspaceRoles.get(project.workspaceId);
  return role !== undefined && pipelineRoles.includes(role) && mayRead(project, context);
}
