// The workflow writes of the browser, as outbox commands: what is sent and what shows at once.
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { StageRow, WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import type { Command, RowChange } from "../../replica/outbox.ts";
import { workflowCopyRow } from "./workflow-copy.ts";
import { stagesOfDraft, type WorkflowDraft } from "./workflow-draft.ts";

/** A row as a screen holds it: maybe with the replica's bookkeeping, which is not the server's to see. */
type Shown<R> = R & { scopes?: string[]; _pending?: number };

function plainWorkflow(row: Shown<WorkflowRow>): WorkflowRow {
  const { scopes: _scopes, _pending, ...workflow } = row;
  return workflow;
}

function plainProject(row: Shown<ProjectRow>): ProjectRow {
  const { scopes: _scopes, _pending, ...project } = row;
  return project;
}

const workflowsPath = (workspaceId: string) => `/workspaces/${workspaceId}/workflows`;

/** New Workflow sends each stage with its position and follow-up position (spec §7). */
function createdStage(stage: StageRow) {
  return {
    id: stage.id,
    position: stage.position,
    name: stage.name,
    description: stage.description,
    sequence_id: stage.sequence_id,
    on_response_stage_position: stage.on_response_stage_position,
  };
}

/** Edit Workflow names the follow-up by id (spec §7: stages with id, on_response_stage_id). */
function editedStage(stage: StageRow) {
  return {
    id: stage.id,
    position: stage.position,
    name: stage.name,
    description: stage.description,
    sequence_id: stage.sequence_id,
    on_response_stage_id: stage.on_response_stage_id,
  };
}

/**
 * A new template under ids chosen here (the workflow's and each stage's), so that it can be edited,
 * assigned or removed before the server has seen it, and the server's row replaces it unchanged.
 */
export function createWorkflow(input: NewTemplate): Command {
  const workflow = newTemplateRow(input);
  return {
    method: "POST",
    path: workflowsPath(input.workspaceId),
    body: {
      data: {
        type: "workflows",
        id: workflow.id,
        attributes: {
          name: workflow.name,
          description: workflow.description,
          stages_attributes: workflow.stages.map(createdStage),
        },
      },
    },
    optimistic: [{ table: "workflows", id: workflow.id, next: workflow }],
  };
}

export interface NewTemplate {
  id: string;
  workspaceId: string;
  userId: string;
  draft: WorkflowDraft;
  now: Date;
}

/** The template New Workflow makes, as it shows before the server has it. */
export function newTemplateRow(input: NewTemplate): WorkflowRow {
  const at = input.now.toISOString();
  const stages = stagesOfDraft(input.draft.stages);
  return {
    id: input.id,
    workspace_id: input.workspaceId,
    name: input.draft.name.trim(),
    description: input.draft.description.trim(),
    assigned_to: "template",
    project_id: null,
    template_id: null,
    stages,
    user_id: input.userId,
    created_at: at,
    updated_at: at,
  };
}

/** Edit Workflow: the name, the description and the whole stage list, each stage with its id. */
export function updateWorkflow(row: Shown<WorkflowRow>, draft: WorkflowDraft, now: Date): Command {
  const stages = stagesOfDraft(draft.stages);
  const workflow: WorkflowRow = {
    ...plainWorkflow(row),
    name: draft.name.trim(),
    description: draft.description.trim(),
    stages,
    updated_at: now.toISOString(),
  };
  return {
    method: "PUT",
    path: `${workflowsPath(row.workspace_id)}/${row.id}`,
    body: {
      data: {
        type: "workflows",
        id: row.id,
        attributes: { name: workflow.name, description: workflow.description, stages: stages.map(editedStage) },
      },
    },
    optimistic: [{ table: "workflows", id: row.id, next: workflow }],
  };
}

/**
 * Remove: the workflow disappears at once. A project's copy takes the project's workflow with it,
 * so the project shows as having none (and can be given another).
 */
export function removeWorkflow(row: Shown<WorkflowRow>, project: Shown<ProjectRow> | undefined, now: Date): Command {
  const optimistic: RowChange[] = [{ table: "workflows", id: row.id, next: null }];
  if (row.assigned_to === "project" && project && project.workflow_id === row.id) {
    optimistic.push({
      table: "projects",
      id: project.id,
      next: { ...plainProject(project), workflow_id: null, updated_at: now.toISOString() },
    });
  }
  return { method: "DELETE", path: `${workflowsPath(row.workspace_id)}/${row.id}`, optimistic };
}

/**
 * Add to Project: the server copies the template into the project. The copy shows on Assigned at
 * once, under the ids the server gives it, and the project points at it.
 */
export function assignWorkflowToProject(
  template: Shown<WorkflowRow>,
  project: Shown<ProjectRow>,
  userId: string,
  now: Date,
): Command {
  const copy = workflowCopyRow(plainWorkflow(template), project.id, userId, now);
  return {
    method: "POST",
    path: `${workflowsPath(template.workspace_id)}/${template.id}/assign_to_project`,
    body: { data: { type: "workflows", attributes: { project_id: project.id } } },
    optimistic: [
      { table: "workflows", id: copy.id, next: copy },
      {
        table: "projects",
        id: project.id,
        next: { ...plainProject(project), workflow_id: copy.id, updated_at: now.toISOString() },
      },
    ],
  };
}
