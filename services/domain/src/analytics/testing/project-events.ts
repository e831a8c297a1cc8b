import { type EventOf, type Examples, type Given, ids } from "./example-ids.ts";

/** An active, visible, high-priority project with no dates, description or workflow unless given. */
export const projectCreated = (
  data: Given<"ProjectCreated", "projectId" | "workspaceId" | "userId" | "name">,
): EventOf<"ProjectCreated"> => ({
  type: "ProjectCreated",
  data: {
    description: null,
    priority: "High",
    startDate: null,
    deadline: null,
    visible: true,
    workflowId: null,
    status: "Active",
    ...data,
  },
});

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
  ProjectCreated: projectCreated({
    projectId: ids.project,
    workspaceId: ids.workspace,
    userId: ids.user,
    name: "Backend hire",
  }),
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
