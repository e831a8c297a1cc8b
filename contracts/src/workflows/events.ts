import { z } from "zod";

/** One stage of a workflow as events carry it: its place, and what happens there (spec §3 Stage). */
export const workflowStage = z.object({
  id: z.uuid(),
  name: z.string(),
  position: z.number().int().min(0),
  description: z.string(),
  sequenceId: z.uuid().nullable(),
  /** The follow-up stage a candidate moves to on a response, by id and by its position. */
  onResponseStageId: z.uuid().nullable(),
  onResponseStagePosition: z.number().int().min(0).nullable(),
});
export type WorkflowStage = z.infer<typeof workflowStage>;

/** A workspace's reusable template, or a project's own copy of one, with its stages in order. */
export const workflowCreated = z.object({
  type: z.literal("WorkflowCreated"),
  data: z.object({
    workflowId: z.uuid(),
    workspaceId: z.uuid(),
    userId: z.uuid(),
    name: z.string(),
    description: z.string(),
    stages: z.array(workflowStage),
    /** Set on a project's copy of a template; absent or null on a template. */
    projectId: z.uuid().nullable().optional(),
    /**
     * Set on a project's copy: the template it was copied from (its id cannot be read back from the
     * copy's, which is derived from the pair). Absent on a template, and on copies made before it was recorded.
     */
    templateId: z.uuid().nullable().optional(),
  }),
});

export const workflowRenamed = z.object({
  type: z.literal("WorkflowRenamed"),
  data: z.object({ workflowId: z.uuid(), workspaceId: z.uuid(), name: z.string() }),
});

export const workflowDescriptionChanged = z.object({
  type: z.literal("WorkflowDescriptionChanged"),
  data: z.object({ workflowId: z.uuid(), workspaceId: z.uuid(), description: z.string() }),
});

/** The whole ordered stage list after an edit: stages left out are gone. */
export const workflowStagesChanged = z.object({
  type: z.literal("WorkflowStagesChanged"),
  data: z.object({ workflowId: z.uuid(), workspaceId: z.uuid(), stages: z.array(workflowStage) }),
});

export const workflowRemoved = z.object({
  type: z.literal("WorkflowRemoved"),
  data: z.object({ workflowId: z.uuid(), workspaceId: z.uuid() }),
});

export const workflowEvent = z.discriminatedUnion("type", [
  workflowCreated,
  workflowRenamed,
  workflowDescriptionChanged,
  workflowStagesChanged,
  workflowRemoved,
]);
export type WorkflowEvent = z.infer<typeof workflowEvent>;
