import type { WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import { type EventOf, type Examples, type Given, ids } from "./example-ids.ts";

/** A stage with no description, sequence or move on a response unless given. */
export const workflowStage = (
  stage: Pick<WorkflowStage, "id" | "name" | "position"> & Partial<WorkflowStage>,
): WorkflowStage => ({
  description: "",
  sequenceId: null,
  onResponseStageId: null,
  onResponseStagePosition: null,
  ...stage,
});

/** A workflow with no description unless given. */
export const workflowCreated = (
  data: Given<"WorkflowCreated", "workflowId" | "workspaceId" | "userId" | "name" | "stages" | "projectId">,
): EventOf<"WorkflowCreated"> => ({ type: "WorkflowCreated", data: { description: "", ...data } });

const stages = [
  workflowStage({ id: ids.stageA, name: "Sourced", position: 0, sequenceId: ids.sequence }),
  workflowStage({ id: ids.stageB, name: "Interview", position: 1 }),
];

export const workflowEvents: Examples<
  "WorkflowCreated" | "WorkflowRenamed" | "WorkflowDescriptionChanged" | "WorkflowStagesChanged" | "WorkflowRemoved"
> = {
  WorkflowCreated: workflowCreated({
    workflowId: ids.workflow,
    workspaceId: ids.workspace,
    userId: ids.user,
    name: "Hiring",
    stages,
    projectId: ids.project,
    templateId: ids.template,
  }),
  WorkflowRenamed: {
    type: "WorkflowRenamed",
    data: { workflowId: ids.workflow, workspaceId: ids.workspace, name: "Hiring 2" },
  },
  WorkflowDescriptionChanged: {
    type: "WorkflowDescriptionChanged",
    data: { workflowId: ids.workflow, workspaceId: ids.workspace, description: "d" },
  },
  WorkflowStagesChanged: {
    type: "WorkflowStagesChanged",
    data: { workflowId: ids.workflow, workspaceId: ids.workspace, stages: [...stages].reverse() },
  },
  WorkflowRemoved: { type: "WorkflowRemoved", data: { workflowId: ids.workflow, workspaceId: ids.workspace } },
};
