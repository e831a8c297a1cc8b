import { DomainError } from "@hirestream/contracts/errors.ts";
import {
  mayInProject,
  mayReachProject,
  type ProjectAction,
} from "@hirestream/contracts/permissions/permission-table.ts";
import { processorMessages } from "@hirestream/contracts/processors/commands.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import { ARCHIVED_READ_ONLY, accessOf, type ExistingProject, type ProjectContext } from "../project/project.decider.ts";
import type { ProcessorState, Run } from "./processor-state.ts";

/**
 * Who asks and the project the payload is reached through, set at the edge. The engine's own
 * records (start, steps, replies, stop) are the system's: they look at none of it.
 */
export interface ProcessorContext extends ProjectContext {
  /** The project of the URL, as its stream has it; null when unknown or removed. */
  project: Pick<ExistingProject, "projectId" | "workspaceId" | "visible" | "status"> | null;
  /** The actor's role in that project, when they are one of its members. */
  projectRole: ProjectRole | undefined;
}

const powerWords: Partial<Record<ProjectAction, string>> = {
  "messages.write": processorMessages.mayNotWrite,
  "messages.send": processorMessages.mayNotSend,
  "messages.approve": processorMessages.mayNotApprove,
};

/**
 * The run, if the actor may act on its payload now. Permission before existence: a project the
 * actor cannot reach is unknown (404) and one they may not write messages in is 403, whatever run
 * they name; then the run must be the project's (404); then the power this act needs, which may
 * depend on the run (with review, sending is approving); an archived project is read-only (422).
 */
export function writablePayload(
  state: ProcessorState,
  context: ProcessorContext,
  power: ProjectAction | ((run: Run) => ProjectAction),
): { run: Run; actorId: string } {
  const { actorId, project } = context;
  if (!actorId) throw new DomainError("UNAUTHENTICATED");
  if (project === null) throw new DomainError("NOT_FOUND", "Project not found");
  const access = accessOf(project, context, context.projectRole);
  if (!mayReachProject(access, project)) throw new DomainError("NOT_FOUND", "Project not found");
  if (!mayInProject(access, "messages.write")) throw new DomainError("FORBIDDEN", processorMessages.mayNotWrite);
  if (state.status !== "started" || state.run.projectId !== project.projectId)
    throw new DomainError("NOT_FOUND", processorMessages.notFound);
  const run = state.run;
  const needed = typeof power === "function" ? power(run) : power;
  if (!mayInProject(access, needed)) throw new DomainError("FORBIDDEN", powerWords[needed]);
  if (project.status === "Archived") throw new DomainError("VALIDATION", ARCHIVED_READ_ONLY);
  return { run, actorId };
}
