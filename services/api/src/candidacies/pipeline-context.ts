import { projectEvent } from "@hirestream/contracts/projects/events.ts";
import { workflowEvent } from "@hirestream/contracts/workflows/events.ts";
import { workspaceEvent } from "@hirestream/contracts/workspaces/events.ts";
import type { CandidacyContext, PipelineStage } from "@hirestream/domain/candidacy/candidacy.decider.ts";
import { type ExistingProject, projectDecider } from "@hirestream/domain/project/project.decider.ts";
import { type WorkflowState, workflowDecider } from "@hirestream/domain/workflow/workflow.decider.ts";
import { type WorkspaceState, workspaceDecider } from "@hirestream/domain/workspace/workspace.decider.ts";
import type { Deps } from "../deps.ts";
import { projectStream } from "../projects/project-commands.ts";
import { cachedStreamRead, readThrough } from "../stream-state.ts";
import { workflowStream } from "../workflows/workflow-commands.ts";
import { workspaceStream } from "../workspaces/workspace-commands.ts";

const parseProject = (stored: { type: string; data: unknown }) => projectEvent.safeParse(stored).data;
const parseWorkflow = (stored: { type: string; data: unknown }) => workflowEvent.safeParse(stored).data;
const parseWorkspace = (stored: { type: string; data: unknown }) => workspaceEvent.safeParse(stored).data;

/**
 * What a pipeline decision needs to know, from the streams themselves so that a project or a
 * workflow copy made a moment ago counts: the project, the stages of its workflow, and the actor's
 * roles in the project and in its workspace (from their streams). A person's own decisions read
 * the roles they need themselves (runPersonCommand).
 */
export async function pipelineContext(deps: Deps, actorId: string, projectId: string): Promise<CandidacyContext> {
  const found = await projectAndWorkflow(deps, actorId, projectId);
  if (found === null)
    return {
      now: deps.clock(),
      actorId,
      workspaceRoles: new Map(),
      project: null,
      stages: null,
      projectRole: undefined,
    };
  const { project, role, projectRole, stages } = found;
  const workspaceRoles = new Map(role === undefined ? [] : [[project.workspaceId, role] as const]);
  return { now: deps.clock(), actorId, workspaceRoles, project, stages, projectRole };
}

/**
 * The project, the actor's role in its workspace and its stages. A project read before names its
 * workspace and workflow already, so all three streams are read in one round trip (every move of
 * a busy pipeline takes this path); a guess the project's new events prove wrong is read again.
 */
async function projectAndWorkflow(deps: Deps, actorId: string, projectId: string) {
  const projectRead = cachedStreamRead(deps, projectDecider, parseProject, projectStream(projectId));
  const guess = projectRead.cached?.status === "existing" ? projectRead.cached.project : null;
  const workspaceRead = guess ? workspaceReadOf(deps, guess.workspaceId) : null;
  const workflowRead = guess?.workflowId ? workflowReadOf(deps, guess.workflowId) : null;
  const [projectEvents = [], workspaceEvents = [], workflowEvents = []] = await deps.store.readStreams(
    [projectRead, workspaceRead, workflowRead].flatMap((each) => (each ? [each.read] : [])),
  );
  const state = projectRead.fold(projectEvents);
  if (state.status !== "existing") return null;
  const { project } = state;

  const workspace =
    workspaceRead && guess?.workspaceId === project.workspaceId
      ? workspaceRead.fold(workspaceEvents)
      : await readThrough(deps, workspaceReadOf(deps, project.workspaceId));
  let workflow: WorkflowState | null = null;
  if (project.workflowId !== null) {
    workflow =
      workflowRead && guess?.workflowId === project.workflowId
        ? workflowRead.fold(workflowEvents)
        : await readThrough(deps, workflowReadOf(deps, project.workflowId));
  }
  return {
    project,
    role: roleOf(workspace, actorId),
    projectRole: state.members.get(actorId),
    stages: stagesOf(project, workflow),
  };
}

const workspaceReadOf = (deps: Deps, workspaceId: string) =>
  cachedStreamRead(deps, workspaceDecider, parseWorkspace, workspaceStream(workspaceId));
const workflowReadOf = (deps: Deps, workflowId: string) =>
  cachedStreamRead(deps, workflowDecider, parseWorkflow, workflowStream(workflowId));

function roleOf(workspace: WorkspaceState, userId: string) {
  return workspace.status === "active" ? workspace.members.get(userId) : undefined;
}

/** The stages of the workflow the project names, when it is a live workflow of the same workspace. */
function stagesOf(project: ExistingProject, workflow: WorkflowState | null): PipelineStage[] | null {
  if (workflow?.status !== "active" || workflow.workspaceId !== project.workspaceId) return null;
  return workflow.stages.map(({ id, name, position }) => ({ id, name, position }));
}
