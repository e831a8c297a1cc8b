// What the Workflows screen shows (spec §2, Workflows screen), worked out from replica rows.
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";

export type WorkflowTab = "templates" | "assigned";
export type WorkflowAction = "edit" | "addToProject" | "remove";

/** Spec §9: the strip's arrows scroll it by this much. */
export const STRIP_SCROLL_STEP_PX = 300;
/** Spec §9: above this viewport width the list takes 85% of it, otherwise 95%. */
export const WIDE_LAYOUT_MIN_PX = 2000;

export function listWidth(viewportWidthPx: number): string {
  return viewportWidthPx > WIDE_LAYOUT_MIN_PX ? "85%" : "95%";
}

const byName = <R extends { name: string }>(a: R, b: R) => a.name.localeCompare(b.name, "en", { sensitivity: "base" });

/** Templates on one tab, project copies on the other; each by name. */
export function workflowsOfTab<R extends WorkflowRow>(workflows: readonly R[], tab: WorkflowTab): R[] {
  const kind = tab === "templates" ? "template" : "project";
  return workflows.filter((workflow) => workflow.assigned_to === kind).sort(byName);
}

/** The Sequence indicator: checked when any stage starts a sequence. */
export function hasSequence(workflow: WorkflowRow): boolean {
  return workflow.stages.some((stage) => stage.sequence_id !== null);
}

/** The stages as the strip shows them: in order, numbered from 1. */
export function stripStages(workflow: WorkflowRow): { id: string; number: number; name: string }[] {
  return [...workflow.stages]
    .sort((a, b) => a.position - b.position)
    .map((stage, index) => ({ id: stage.id, number: index + 1, name: stage.name }));
}

/** A workflow is assigned once: only projects without one, and not archived, may take a template. */
export function assignableProjects<R extends ProjectRow>(projects: readonly R[]): R[] {
  return projects.filter((project) => project.workflow_id === null && project.status !== "Archived").sort(byName);
}

/** Viewers "cannot modify anything" (spec §6); someone not (or no longer) a member neither. */
export function canEditWorkflows(role: WorkspaceRole | null): boolean {
  return role !== null && role !== "viewer";
}

/**
 * The row menu: Templates have Edit, Add to Project and Remove; project copies Edit and Remove,
 * and none at all once their project is archived. Read-only users get no menu.
 */
export function workflowActions(
  tab: WorkflowTab,
  options: { canEdit: boolean; project: Pick<ProjectRow, "status"> | undefined },
): WorkflowAction[] {
  if (!options.canEdit) return [];
  if (tab === "templates") return ["edit", "addToProject", "remove"];
  return options.project?.status === "Archived" ? [] : ["edit", "remove"];
}
