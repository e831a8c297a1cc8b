import { z } from "zod";
import { messages } from "../messages.ts";
import { text } from "../text.ts";

/** Spec §9: names, stage names and the smallest workflow; §5: text inputs default to 500 characters. */
export const WORKFLOW_NAME_MAX = 50;
export const STAGE_NAME_MAX = 40;
export const WORKFLOW_STAGES_MIN = 3;
export const WORKFLOW_STAGES_MAX = 50;
export const WORKFLOW_TEXT_MAX = 500;
/** Spec §3/§4: stage positions count from 0 and are renumbered from 0 after every edit. */
export const FIRST_STAGE_POSITION = 0;

export const workflowMessages = {
  tooFewStages: `must have at least ${WORKFLOW_STAGES_MIN} stages`,
  tooManyStages: `must have at most ${WORKFLOW_STAGES_MAX} stages`,
  taken: "has already been taken",
  unknownStage: "must name another stage of this workflow",
  /** A stage starts a sequence of its own workspace. */
  unknownSequence: "must be a sequence of this workspace",
  tooLong: (max: number) => `is too long (maximum is ${max} characters)`,
  /** A project's workflow is always a copy of one of its workspace's templates. */
  notATemplate: "must be a workflow template of this workspace",
  copyNotAssignable: "This workflow is a project's copy: assign one of the workspace's templates",
  /** Spec §4: a project's workflow can be assigned once. */
  projectHasWorkflow: "The project already has a workflow",
  assignedSeparately: "is assigned once, with POST /workspaces/{ws}/workflows/{id}/assign_to_project",
  /** Spec §5: in edit mode only a stage not yet saved can be removed. */
  savedStageKept: (stage: string) => `Stage ${stage} is saved and cannot be removed`,
  projectHoldsPeople: "Remove the project's people before removing its workflow",
  notThisWorkflow: "must be the workflow in the URL",
  notThisWorkspace: "must be the workspace in the URL",
} as const;

// Missing is "required"; the length limits are the domain's, so they point at the stage concerned.
const requiredText = text({ error: (issue) => (issue.input === undefined ? messages.required : undefined) }).max(1000);
const longText = text().max(WORKFLOW_TEXT_MAX, { error: workflowMessages.tooLong(WORKFLOW_TEXT_MAX) });
const position = z.number().int().min(0).max(10_000);

export const stageAttributes = z
  .object({
    /** Sent when editing: the stage kept. A new stage may bring its own id (UUID), as offline clients do. */
    id: z.uuid({ error: "must be a UUID" }).optional(),
    position: position.optional(),
    name: requiredText,
    description: longText.nullable().optional(),
    sequence_id: z.uuid({ error: "must be a UUID" }).nullable().optional(),
    on_response_stage_position: position.nullable().optional(),
    on_response_stage_id: z.uuid({ error: "must be a UUID" }).nullable().optional(),
    /** Names the spec's client sends alongside the ids; derived on the server, so ignored. */
    sequence: text().max(1000).nullable().optional(),
    on_response_stage: text().max(1000).nullable().optional(),
  })
  .strict();
export type StageAttributes = z.infer<typeof stageAttributes>;

const stages = z.array(stageAttributes).max(1000);

export const createWorkflowAttributes = z
  .object({
    name: requiredText,
    description: longText.nullable().optional(),
    stages_attributes: stages,
    /** Sent by the spec's client; the workspace is the one in the URL. */
    workspace_id: z.uuid().optional(),
  })
  .strict();

export const updateWorkflowAttributes = z
  .object({
    name: requiredText.optional(),
    description: longText.nullable().optional(),
    stages_attributes: stages.optional(),
    /** The spec's Edit Workflow sends the list as `stages`; read as `stages_attributes`. */
    stages: stages.optional(),
    workspace_id: z.uuid().optional(),
  })
  .strict();

/**
 * POST …/workflows/{id}/assign_to_project: the template in the URL is copied into this project.
 * The spec's client also sends `workspace_id` and `id` (the template); they must name the URL's.
 */
export const assignWorkflowAttributes = z
  .object({
    project_id: z.uuid({ error: (issue) => (issue.input === undefined ? messages.required : "must be a UUID") }),
    workspace_id: z.uuid({ error: "must be a UUID" }).optional(),
    id: z.uuid({ error: "must be a UUID" }).optional(),
  })
  .strict();

const statuses = ["Active", "Inactive", "Archived"] as const;
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item).max(10)]).transform((value) => (Array.isArray(value) ? value : [value]));

/**
 * GET …/workflows: templates (the default) or project copies; Rails-style `by_status[]` narrows the
 * copies to those whose project has one of the statuses.
 */
export const workflowListQuery = z
  .object({
    assigned_to: z.enum(["template", "project"]).optional(),
    "by_status[]": oneOrMany(z.enum(statuses)).optional(),
    by_status: oneOrMany(z.enum(statuses)).optional(),
    search_by: text().max(200).optional(),
    limit: z.coerce
      .number()
      .refine((n) => [10, 20, 30, 40, 50, 9999].includes(n), { error: "must be one of 10, 20, 30, 40, 50, 9999" })
      .default(9999),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  })
  .strict();
export type WorkflowListQuery = z.infer<typeof workflowListQuery>;
