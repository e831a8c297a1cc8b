import { type Examples, ids } from "./example-ids.ts";

const stages = [
  {
    id: ids.stageA,
    name: "Sourced",
    position: 0,
    description: "",
    sequenceId: ids.sequence,
    onResponseStageId: null,
    onResponseStagePosition: null,
  },
  {
    id: ids.stageB,
    name: "Interview",
    position: 1,
    description: "",
    sequenceId: null,
    onResponseStageId: null,
    onResponseStagePosition: null,
  },
];

export const workflowEvents: Examples<
  "WorkflowCreated" | "WorkflowRenamed" | "WorkflowDescriptionChanged" | "WorkflowStagesChanged" | "WorkflowRemoved"
> = {
  WorkflowCreated: {
    type: "WorkflowCreated",
    data: {
      workflowId: ids.workflow,
      workspaceId: ids.workspace,
      userId: ids.user,
      name: "Hiring",
      description: "",
      stages,
      projectId: ids.project,
      templateId: ids.template,
    },
  },
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
