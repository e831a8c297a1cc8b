import { useState } from "react";
import type { AssignableProject } from "./project-workflow.ts";
import { useAssignableProjects } from "./use-assignable-projects.ts";

/** A workspace, then one of its projects, to put people into. */
export interface ProjectChoice {
  workspaceId: string | null;
  /** Picking another workspace loads its projects and forgets the project picked. */
  setWorkspaceId: (workspaceId: string | null) => void;
  projectId: string | null;
  setProjectId: (projectId: string | null) => void;
  /** The workspace's projects on offer; undefined while loading. */
  projects: AssignableProject[] | undefined;
  /** The project picked, while it is still on offer (it may be archived meanwhile). */
  chosen: AssignableProject | undefined;
  /** Back to the first workspace and no project. */
  clear: () => void;
}

export function useProjectChoice(userId: string | undefined, initialWorkspaceId: string | null): ProjectChoice {
  const [workspaceId, setWorkspace] = useState(initialWorkspaceId);
  const [projectId, setProjectId] = useState<string | null>(null);
  const projects = useAssignableProjects(workspaceId, userId);
  const chosen = projects?.find((offered) => offered.project.id === projectId);
  return {
    workspaceId,
    setWorkspaceId: (id) => {
      setWorkspace(id);
      setProjectId(null);
    },
    projectId: chosen ? chosen.project.id : null,
    setProjectId,
    projects,
    chosen,
    clear: () => {
      setWorkspace(initialWorkspaceId);
      setProjectId(null);
    },
  };
}
