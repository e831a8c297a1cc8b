import { DomainError } from "@hirestream/contracts/errors.ts";
import { mayInWorkspace, type WorkspaceAction } from "@hirestream/contracts/permissions/permission-table.ts";
import type { OwnSequence } from "@hirestream/contracts/projects/events.ts";
import { workflowMessages } from "@hirestream/contracts/workflows/commands.ts";
import { workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import { type WorkflowCommand, workflowDecider } from "@hirestream/domain/workflow/workflow.decider.ts";
import { assignableTemplate, type WorkflowTemplate } from "@hirestream/domain/workflow/workflow-copy.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { Deps } from "../deps.ts";
import { runProjectCommand, workspaceRoleOf } from "../projects/project-commands.ts";
import { currentWorkflow, existingWorkflowContext, runWorkflowCommand } from "./workflow-commands.ts";

// A project's copy is written to two streams: the project's first (its expected revision is what
// makes "assigned once" hold under concurrent requests), then the copy's. A request retried with
// its Idempotency-Key derives the same copy and the same event ids, so it finishes what a failed
// attempt left half done and appends nothing twice. A request that dies between the two appends
// leaves the copy to workflow-copy-reaction.ts, which derives the same ids.

/** The copy's own command id, so its events' ids differ from the project's events' for one request. */
const copyCommandId = (commandId: string) => scopedId(commandId, "workflow-copy");

/** Permission before existence: a stranger learns nothing (404), a role too weak is refused (403). */
export async function requireWorkspaceRole(
  deps: Deps,
  userId: string,
  workspaceId: string,
  action: WorkspaceAction,
): Promise<void> {
  const role = await workspaceRoleOf(deps, userId, workspaceId);
  if (role === undefined) throw new DomainError("NOT_FOUND", "Workspace not found");
  if (!mayInWorkspace(role, action)) throw new DomainError("FORBIDDEN");
}

/** The workspace's template `templateId` names, or why a project may not be given it. */
export async function findTemplate(deps: Deps, workspaceId: string, templateId: string) {
  return assignableTemplate(await currentWorkflow(deps, templateId), workspaceId);
}

/**
 * Makes the project's copy of the template (nothing when it exists already); with `ownSequence`,
 * the copy starts the project's own sequence where the template starts the one it replaces.
 */
export function makeCopy(
  deps: Deps,
  template: WorkflowTemplate,
  projectId: string,
  commandId: string,
  actorId: string,
  ownSequence?: OwnSequence,
) {
  const workflowId = workflowCopyIdOf(projectId, template.workflowId);
  return runWorkflowCommand(
    deps,
    template.workspaceId,
    workflowId,
    { type: "CopyWorkflowTemplate", data: { workflowId, projectId, template, ownSequence } },
    copyCommandId(commandId),
    actorId,
  );
}

/** POST …/workflows/{id}/assign_to_project: the project records its copy, then the copy is made. */
export async function assignTemplate(
  deps: Deps,
  request: { workspaceId: string; templateId: string; projectId: string; commandId: string; actorId: string },
) {
  const { workspaceId, templateId, projectId, commandId, actorId } = request;
  // Assigning changes the project: the project decider asks whether the actor may edit it.
  await requireWorkspaceRole(deps, actorId, workspaceId, "workflows.read");
  const template = await findTemplate(deps, workspaceId, templateId);
  if (template === "unknown") throw new DomainError("NOT_FOUND", "Workflow not found");
  if (template === "copy") throw new DomainError("VALIDATION", workflowMessages.copyNotAssignable);
  const workflowId = workflowCopyIdOf(projectId, templateId);
  const assigned = await runProjectCommand(
    deps,
    workspaceId,
    projectId,
    { type: "AssignProjectWorkflow", data: { workflowId, templateId } },
    commandId,
    actorId,
  );
  const copy = await makeCopy(deps, template, projectId, commandId, actorId);
  const projectName = assigned.state.status === "existing" ? assigned.state.project.name : null;
  return { copy, projectName, position: Math.max(assigned.position, copy.position) };
}

/**
 * DELETE …/workflows/{id}. A project's copy is decided on first, so that a refusal (its project's
 * people, an archived project) leaves both streams as they were; then the project lets go of it,
 * then it is removed. A template is removed alone: its copies stay with their projects.
 */
export async function removeWorkflow(
  deps: Deps,
  request: { workspaceId: string; workflowId: string; commandId: string; actorId: string },
) {
  const { workspaceId, workflowId, commandId, actorId } = request;
  const { state, context } = await existingWorkflowContext(deps, workspaceId, workflowId, actorId);
  const command: WorkflowCommand = { type: "RemoveWorkflow", data: { workspaceId } };
  if (state.status !== "active" || state.projectId === null) {
    return runWorkflowCommand(deps, workspaceId, workflowId, command, commandId, actorId, context);
  }
  workflowDecider.decide(state, command, context);
  const released = await runProjectCommand(
    deps,
    workspaceId,
    state.projectId,
    { type: "UnassignProjectWorkflow", data: { workflowId } },
    commandId,
    actorId,
  );
  const removed = await runWorkflowCommand(
    deps,
    workspaceId,
    workflowId,
    command,
    copyCommandId(commandId),
    actorId,
    context,
  );
  return { ...removed, position: Math.max(released.position, removed.position) };
}
