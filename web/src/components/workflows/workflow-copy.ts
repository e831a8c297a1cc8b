import { copyStageIdOf, workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import type { StageRow, WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";

/**
 * The project's copy of a template as the server will make it (same ids, stages in order, each
 * on-response stage pointing into the copy), so it shows, and takes candidates, before the server answers.
 */
export function workflowCopyRow(template: WorkflowRow, projectId: string, userId: string, now: Date): WorkflowRow {
  const id = workflowCopyIdOf(projectId, template.id);
  const stageIdInCopy = (templateStageId: string) => copyStageIdOf(id, templateStageId);
  const stages: StageRow[] = [...template.stages]
    .sort((a, b) => a.position - b.position)
    .map((stage) => ({
      ...stage,
      id: stageIdInCopy(stage.id),
      on_response_stage_id: stage.on_response_stage_id === null ? null : stageIdInCopy(stage.on_response_stage_id),
    }));
  const at = now.toISOString();
  return {
    id,
    workspace_id: template.workspace_id,
    name: template.name,
    description: template.description,
    assigned_to: "project",
    project_id: projectId,
    template_id: template.id,
    stages,
    user_id: userId,
    created_at: at,
    updated_at: at,
  };
}
