// The project writes of the browser, as outbox commands: what is sent and what shows at once.
import type { ProjectPriority, ProjectStatus, ProjectSwitchStatus } from "@hirestream/contracts/projects/events.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { Command } from "../../replica/outbox.ts";

/** The Edit Project form's fields, as the API names them. */
export interface ProjectFields {
  name: string;
  description: string | null;
  priority: ProjectPriority;
  status: ProjectSwitchStatus;
  start_date: string | null;
  deadline: string | null;
  visible: boolean;
}

/** A change of any fields; status Archived archives the project. */
export type ProjectChanges = Partial<Omit<ProjectFields, "status">> & { status?: ProjectStatus };

export const projectsPath = (workspaceId: string) => `/workspaces/${workspaceId}/projects`;

/** The row alone: rows read from the replica or a list carry more, which must not be stored as the project. */
export function projectRowOf(project: ProjectRow): ProjectRow {
  const { id, workspace_id, name, description, priority, status, start_date, deadline, visible } = project;
  const { workflow_id, user_id, created_at, updated_at } = project;
  return {
    id,
    workspace_id,
    name,
    description,
    priority,
    status,
    start_date,
    deadline,
    visible,
    workflow_id,
    user_id,
    created_at,
    updated_at,
  };
}

/** Edit, the Active/Inactive switch and Archive: the fields given change, the others stay. */
export function updateProject(project: ProjectRow, changes: ProjectChanges, now: Date): Command {
  return {
    method: "PUT",
    path: `${projectsPath(project.workspace_id)}/${project.id}`,
    body: { data: { type: "projects", id: project.id, attributes: changes } },
    optimistic: [
      {
        table: "projects",
        id: project.id,
        next: { ...projectRowOf(project), ...changes, updated_at: now.toISOString() },
      },
    ],
  };
}

/** Gone for good ('Once deleted it cannot be recovered'). */
export function removeProject(project: Pick<ProjectRow, "id" | "workspace_id">): Command {
  return {
    method: "DELETE",
    path: `${projectsPath(project.workspace_id)}/${project.id}`,
    optimistic: [{ table: "projects", id: project.id, next: null }],
  };
}
