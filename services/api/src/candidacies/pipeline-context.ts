import { projectEvent } from "@hirestream/contracts/projects/events.ts";
import { workflowEvent } from "@hirestream/contracts/workflows/events.ts";
import { workspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import type { CandidacyContext, PipelineStage } from "@hirestream/domain/candidacy/candidacy.decider.ts";
import { type ExistingProject, projectDecider } from "@hirestream/domain/project/project.decider.ts";
import { workflowDecider } from "@hirestream/domain/workflow/workflow.decider.ts";
import { workspaceDecider } from "@hirestream/domain/workspace/workspace.decider.ts";
import type { Deps } from "../deps.ts";
import { workspaceRolesOf } from "../people/person-commands.ts";
import { projectStream } from "../projects/project-commands.ts";
import { streamState } from "../stream-state.ts";
import { workflowStream } from "../workflows/workflow-commands.ts";
import { workspaceStream } from "../workspaces/workspace-commands.ts";

const parseProject = (stored: { type: string; data: unknown }) => projectEvent.safeParse(stored).data;
const parseWorkflow = (stored: { type: string; data: unknown }) => workflowEvent.safeParse(stored).data;
const parseWorkspace = (stored: { type: string; data: unknown }) => workspaceEvent.safeParse(stored).data;

/**
 * What a pipeline decision needs to know, from the streams themselves so that a project or a
 * workflow copy made a moment ago counts: the project, the stages of its workflow, and the actor's
 * workspace roles (the project's workspace from its stream, the others, which only decide whether
 * a person is visible, from the read model).
 */
export async function pipelineContext(deps: Deps, actorId: string, projectId: string): Promise<CandidacyContext> {
  const [projectState, workspaceRoles] = await Promise.all([
    streamState(deps, projectDecider, parseProject, projectStream(projectId)),
    workspaceRolesOf(deps, actorId),
  ]);
  const project = projectState.status === "existing" ? projectState.project : null;
  if (project === null) return { now: deps.clock(), actorId, workspaceRoles, project, stages: null };
  const [role, stages] = await Promise.all([
    roleInWorkspace(deps, actorId, project.workspaceId),
    stagesOf(deps, project),
  ]);
  if (role === undefined) workspaceRoles.delete(project.workspaceId);
  else workspaceRoles.set(project.workspaceId, role);
  return { now: deps.clock(), actorId, workspaceRoles, project, stages };
}

async function roleInWorkspace(deps: Deps, userId: string, workspaceId: string) {
  const state = await streamState(deps, workspaceDecider, parseWorkspace, workspaceStream(workspaceId));
  return state.status === "active" ? state.members.get(userId) : undefined;
}

/** The stages of the workflow the project names, when it is a live workflow of the same workspace. */
async function stagesOf(deps: Deps, project: ExistingProject): Promise<PipelineStage[] | null> {
  if (project.workflowId === null) return null;
  const workflow = await streamState(deps, workflowDecider, parseWorkflow, workflowStream(project.workflowId));
  if (workflow.status !== "active" || workflow.workspaceId !== project.workspaceId) return null;
  return workflow.stages.map(({ id, name, position }) => ({ id, name, position }));
}
