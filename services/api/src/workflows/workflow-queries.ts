import type { WorkflowListQuery } from "@hirestream/contracts/workflows/commands.ts";
import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import type { StageRow, WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import type { WorkflowState } from "@hirestream/domain/workflow/workflow.decider.ts";
import { sql } from "kysely";
import type { Database } from "../database.ts";
import type { Deps } from "../deps.ts";
import type { ResourceObject } from "../http/jsonapi.ts";
import { readableProjectIds } from "../projects/readable-projects.ts";
import type { StageSequence } from "../sequences/sequence-queries.ts";

export type WorkflowRecord = Database["read.workflows"] & { project_name: string | null };
/** A workflow as documents show it: a copy with its project's name, so the Assigned tab can show it. */
type WorkflowView = Omit<WorkflowRow, "created_at" | "updated_at"> & {
  project_name: string | null;
  created_at?: Date;
  updated_at?: Date;
};

/** The sequences stages start, by id (sequence-queries' stageSequences). */
type StageSequences = ReadonlyMap<string, StageSequence>;

/**
 * A workflow and its stages: the stages travel as `stage` items in `included`, each with the name
 * and review setting of the sequence it starts, when that is a sequence of the workflow's workspace.
 */
export function workflowDocumentParts(
  workflow: WorkflowView,
  sequences: StageSequences = new Map(),
): { resource: ResourceObject; stages: ResourceObject[] } {
  const stages = [...workflow.stages].sort((a, b) => a.position - b.position);
  const nameOf = new Map(stages.map((stage) => [stage.id, stage.name]));
  const sequenceOf = (stage: StageRow) => {
    const sequence = stage.sequence_id ? sequences.get(stage.sequence_id) : undefined;
    return sequence?.workspaceId === workflow.workspace_id ? sequence : undefined;
  };
  return {
    resource: {
      id: workflow.id,
      type: "workflow",
      attributes: {
        // Spec §3: a template's is its own id; a project's copy names the template it was copied from.
        workflow_id: workflow.assigned_to === "template" ? workflow.id : workflow.template_id,
        name: workflow.name,
        description: workflow.description,
        workspace_id: workflow.workspace_id,
        user_id: workflow.user_id,
        assigned_to: workflow.assigned_to,
        project_id: workflow.project_id,
        project_name: workflow.project_name,
        has_sequence: stages.some((stage) => stage.sequence_id !== null),
        ...(workflow.created_at ? { created_at: workflow.created_at.toISOString() } : {}),
        ...(workflow.updated_at ? { updated_at: workflow.updated_at.toISOString() } : {}),
      },
      relationships: { stages: { data: stages.map((stage) => ({ id: stage.id, type: "stage" })) } },
    },
    stages: stages.map((stage) => {
      const sequence = sequenceOf(stage);
      return {
        id: stage.id,
        type: "stage",
        attributes: {
          name: stage.name,
          position: stage.position,
          description: stage.description,
          sequence_id: stage.sequence_id,
          sequence: sequence?.name ?? null,
          on_response_stage_id: stage.on_response_stage_id,
          on_response_stage: stage.on_response_stage_id ? (nameOf.get(stage.on_response_stage_id) ?? null) : null,
          on_response_stage_position: stage.on_response_stage_position,
          workflow_id: workflow.id,
        },
        meta: { sequence_name: sequence?.name ?? null, has_sequence_review: sequence?.hasReview ?? false },
      };
    }),
  };
}

export function workflowDocuments(
  workflows: WorkflowView[],
  sequences: StageSequences = new Map(),
): { data: ResourceObject[]; included: ResourceObject[] } {
  const parts = workflows.map((workflow) => workflowDocumentParts(workflow, sequences));
  return { data: parts.map((part) => part.resource), included: parts.flatMap((part) => part.stages) };
}

const stageRowOf = (stage: WorkflowStage): StageRow => ({
  id: stage.id,
  name: stage.name,
  position: stage.position,
  description: stage.description,
  sequence_id: stage.sequenceId,
  on_response_stage_id: stage.onResponseStageId,
  on_response_stage_position: stage.onResponseStagePosition,
});

/** The sequences the workflows' stages start. */
export function sequenceIdsOf(workflows: readonly Pick<WorkflowView, "stages">[]): string[] {
  return workflows.flatMap((workflow) => workflow.stages.flatMap((stage) => stage.sequence_id ?? []));
}

/** What a write answers: the workflow as the command left it, before read models catch up. */
export function writtenWorkflow(state: WorkflowState, projectName: string | null): WorkflowView | null {
  if (state.status !== "active") return null;
  return {
    id: state.workflowId,
    workspace_id: state.workspaceId,
    name: state.name,
    description: state.description,
    assigned_to: state.projectId === null ? "template" : "project",
    project_id: state.projectId,
    template_id: state.templateId,
    project_name: state.projectId === null ? null : projectName,
    stages: state.stages.map(stageRowOf),
    user_id: state.userId,
  };
}

/**
 * Workflows with their project's name and status; a copy shows only with its project, and only to
 * those who may read that project (readable-projects.ts).
 */
function visibleWorkflows(deps: Deps, userId: string) {
  return deps.db
    .selectFrom("read.workflows as w")
    .leftJoin("read.projects as p", "p.id", "w.project_id")
    .selectAll("w")
    .select("p.name as project_name")
    .where((eb) =>
      eb.or([eb("w.project_id", "is", null), eb("w.project_id", "in", readableProjectIds(deps.db, userId))]),
    );
}

export function findWorkflow(
  deps: Deps,
  userId: string,
  workspaceId: string,
  workflowId: string,
): Promise<WorkflowRecord | undefined> {
  return visibleWorkflows(deps, userId)
    .where("w.workspace_id", "=", workspaceId)
    .where("w.id", "=", workflowId)
    .executeTakeFirst();
}

/**
 * A workspace's workflows (every workspace of the user's for `me`), oldest first, then by name.
 * Copies are narrowed by their project's status when `by_status[]` is given; the caller has checked
 * the user belongs to a named workspace.
 */
export async function listWorkflows(deps: Deps, userId: string, workspaceId: string | "me", query: WorkflowListQuery) {
  let filtered = visibleWorkflows(deps, userId).where("w.assigned_to", "=", query.assigned_to ?? "template");
  if (workspaceId === "me") {
    filtered = filtered.where("w.workspace_id", "in", (eb) =>
      eb.selectFrom("read.workspace_members as m").select("m.workspace_id").where("m.user_id", "=", userId),
    );
  } else {
    filtered = filtered.where("w.workspace_id", "=", workspaceId);
  }
  const statuses = [...(query["by_status[]"] ?? []), ...(query.by_status ?? [])];
  if (query.assigned_to === "project" && statuses.length > 0) filtered = filtered.where("p.status", "in", statuses);
  if (query.search_by?.trim()) {
    const pattern = `%${query.search_by.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filtered = filtered.where("w.name", "ilike", pattern);
  }
  const rows = await filtered
    .select(sql<string>`count(*) over ()`.as("total"))
    .orderBy("w.created_at")
    .orderBy("w.name")
    .orderBy("w.id")
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  if (rows[0]) return { rows, total: Number(rows[0].total) };
  const counted = await filtered.clearSelect().select(sql<string>`count(*)`.as("count")).executeTakeFirst();
  return { rows: [], total: Number(counted?.count ?? 0) };
}
