// What the Workflows screen shows (spec §2, Workflows screen), worked out from replica rows.
// Who may change which workflow is the server's rule (services/domain/src/workflow/workflow.decider.ts,
// mayManageWorkflow); the screen only offers what it would allow.

import { mayInWorkspace } from "@hirestream/contracts/permissions/permission-table.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { workflowMessages } from "@hirestream/contracts/workflows/commands.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { compareNatural } from "../natural-order.ts";
import { projectAbilities } from "../projects/project-permissions.ts";

export type WorkflowTab = "templates" | "assigned";
export type WorkflowAction = "edit" | "addToProject" | "remove";

/** Spec §9: the strip's arrows scroll it by this much. */
export const STRIP_SCROLL_STEP_PX = 300;
/** Spec §9: above this viewport width the list takes 85% of it, otherwise 95%. */
export const WIDE_LAYOUT_MIN_PX = 2000;

export function listWidth(viewportWidthPx: number): string {
  return viewportWidthPx > WIDE_LAYOUT_MIN_PX ? "85%" : "95%";
}

const byName = <R extends { name: string }>(a: R, b: R) => compareNatural(a.name, b.name);

/** The signed-in user as the Workflows screen asks about them: their roles in the workspace and its projects. */
export interface WorkflowViewer {
  role: WorkspaceRole | null;
  userId: string;
  /** Their role in each project they are a member of. */
  projectRoles: ReadonlyMap<string, ProjectRole>;
}

type ProjectFields = Pick<ProjectRow, "id" | "status" | "visible">;

/**
 * Templates on one tab, project copies on the other; each by name. A copy shows with its project
 * only: the replica holds the projects the user may read and no others, as the server lists them.
 */
export function workflowsOfTab<R extends WorkflowRow>(
  workflows: readonly R[],
  tab: WorkflowTab,
  projectsById: ReadonlyMap<string, unknown>,
): R[] {
  if (tab === "templates") return workflows.filter((workflow) => workflow.assigned_to === "template").sort(byName);
  return workflows
    .filter(
      (workflow) =>
        workflow.assigned_to === "project" && workflow.project_id !== null && projectsById.has(workflow.project_id),
    )
    .sort(byName);
}

/** Whether the viewer may change the project's settings (spec §6, the permission table). */
function mayEditProject(project: ProjectFields, viewer: WorkflowViewer): boolean {
  const access = { workspaceRole: viewer.role ?? undefined, projectRole: viewer.projectRoles.get(project.id) };
  return projectAbilities(project, access).edit;
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

/**
 * A workflow is assigned once: only projects without one may take a template; and only those
 * whose settings the user may change (assigning is one; not an archived project's), as the server
 * allows.
 */
export function assignableProjects<R extends ProjectRow>(projects: readonly R[], viewer: WorkflowViewer): R[] {
  return projects.filter((project) => project.workflow_id === null && mayEditProject(project, viewer)).sort(byName);
}

/** Spec §6: owners, managers and collaborators create workflows; a viewer (or a stranger) modifies nothing. */
export function canCreateWorkflows(role: WorkspaceRole | null): boolean {
  return role !== null && mayInWorkspace(role, "workflows.create");
}

/**
 * Spec §6: owners and managers manage every template; a collaborator the ones they created. A
 * project's copy is managed as its project is (by those who may edit the project), and not at
 * all once it is archived.
 */
export function mayManageWorkflow(
  workflow: Pick<WorkflowRow, "user_id" | "assigned_to">,
  viewer: WorkflowViewer,
  project: ProjectFields | undefined,
): boolean {
  const { role, userId } = viewer;
  if (workflow.assigned_to === "project") return project !== undefined && mayEditProject(project, viewer);
  if (role === null || !mayInWorkspace(role, "workflows.create")) return false;
  return mayInWorkspace(role, "workflows.manage") || workflow.user_id === userId;
}

/** A row menu entry; one that is `blockedBy` something shows disabled, saying why. */
export interface OfferedAction {
  action: WorkflowAction;
  blockedBy: string | null;
}

const offered = (action: WorkflowAction, blockedBy: string | null = null): OfferedAction => ({ action, blockedBy });

/**
 * The row menu: Templates have Edit, Add to Project and Remove; project copies Edit and Remove.
 * Only the workflows the user manages have one (so no archived project's copy). A copy whose
 * project still has people cannot be removed (the server refuses it), so Remove says so instead.
 */
export function workflowActions(
  tab: WorkflowTab,
  options: {
    workflow: Pick<WorkflowRow, "user_id" | "assigned_to">;
    viewer: WorkflowViewer;
    project: ProjectFields | undefined;
    projectHasPeople: boolean;
  },
): OfferedAction[] {
  if (!mayManageWorkflow(options.workflow, options.viewer, options.project)) return [];
  if (tab === "templates") return [offered("edit"), offered("addToProject"), offered("remove")];
  return [offered("edit"), offered("remove", options.projectHasPeople ? workflowMessages.projectHoldsPeople : null)];
}
