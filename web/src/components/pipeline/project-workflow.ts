import type { ProjectAccess } from "@hirestream/contracts/permissions/permission-table.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { StageRow, WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { byNameThenId } from "../natural-order.ts";
import { projectAbilities } from "../projects/project-permissions.ts";

/** The stages as the pipeline shows them: by position (0-based). */
export function orderedStages(workflow: Pick<WorkflowRow, "stages"> | undefined): StageRow[] {
  return workflow ? [...workflow.stages].sort((a, b) => a.position - b.position) : [];
}

/**
 * The project's own copy of a workflow (a template assigned to it is copied). Undefined while it
 * has none, or while the copy has not reached this replica.
 */
export function workflowOfProject(
  project: Pick<ProjectRow, "id" | "workflow_id">,
  workflows: readonly WorkflowRow[],
): WorkflowRow | undefined {
  if (project.workflow_id === null) return undefined;
  const copies = workflows.filter(
    (workflow) => workflow.assigned_to === "project" && workflow.project_id === project.id,
  );
  return copies.find((workflow) => workflow.id === project.workflow_id) ?? copies[0];
}

/** A project people can be assigned to, and the stage they start in. */
export interface AssignableProject {
  project: ProjectRow;
  firstStage: StageRow;
}

/**
 * The projects offered by Assign and Export People, by name: those whose pipeline the user may
 * work (spec §6; archived ones not, spec §4), with a workflow to start in.
 */
export function assignableProjects(
  projects: readonly ProjectRow[],
  workflows: readonly WorkflowRow[],
  access: (project: ProjectRow) => ProjectAccess,
): AssignableProject[] {
  const offered: AssignableProject[] = [];
  for (const project of projects) {
    if (!projectAbilities(project, access(project)).work) continue;
    const [firstStage] = orderedStages(workflowOfProject(project, workflows));
    if (firstStage) offered.push({ project, firstStage });
  }
  return offered.sort((a, b) => byNameThenId(a.project, b.project));
}
