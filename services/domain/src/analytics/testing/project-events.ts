import { type Examples, ids } from "./example-ids.ts";

const settings = {
  name: "Backend hire",
  description: null,
  priority: "High" as const,
  startDate: null,
  deadline: null,
  visible: true,
  workflowId: null,
};

export const projectEvents: Examples<
  | "ProjectCreated"
  | "ProjectUpdated"
  | "ProjectStatusChanged"
  | "ProjectArchived"
  | "ProjectRemoved"
  | "ProjectWorkflowAssigned"
  | "ProjectWorkflowUnassigned"
  | "ProjectMemberAdded"
  | "ProjectMemberRoleChanged"
  | "ProjectMemberRemoved"
> = {
  ProjectCreated: {
    type: "ProjectCreated",
    data: { ...settings, projectId: ids.project, workspaceId: ids.workspace, userId: ids.user, status: "Active" },
  },
  ProjectUpdated: {
    type: "ProjectUpdated",
    data: { projectId: ids.project, workspaceId: ids.workspace, changes: { name: "Backend hires" } },
  },
  ProjectStatusChanged: {
    type: "ProjectStatusChanged",
    data: { projectId: ids.project, workspaceId: ids.workspace, status: "Inactive" },
  },
  ProjectArchived: { type: "ProjectArchived", data: { projectId: ids.project, workspaceId: ids.workspace } },
  ProjectRemoved: { type: "ProjectRemoved", data: { projectId: ids.project, workspaceId: ids.workspace } },
  ProjectWorkflowAssigned: {
    type: "ProjectWorkflowAssigned",
    data: { projectId: ids.project, workspaceId: ids.workspace, workflowId: ids.workflow, templateId: ids.template },
  },
  ProjectWorkflowUnassigned: {
    type: "ProjectWorkflowUnassigned",
    data: { projectId: ids.project, workspaceId: ids.workspace, workflowId: ids.workflow },
  },
  ProjectMemberAdded: {
    type: "ProjectMemberAdded",
    data: { projectId: ids.project, workspaceId: ids.workspace, userId: ids.other, role: "viewer" },
  },
  ProjectMemberRoleChanged: {
    type: "ProjectMemberRoleChanged",
    data: { projectId: ids.project, workspaceId: ids.workspace, userId: ids.other, role: "manager" },
  },
  ProjectMemberRemoved: {
    type: "ProjectMemberRemoved",
    data: { projectId: ids.project, workspaceId: ids.workspace, userId: ids.other },
  },
};
