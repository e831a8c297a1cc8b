import { DomainError } from "@hirestream/contracts/errors.ts";
import {
  mayInWorkspace,
  mayReachProject,
  type WorkspaceAction,
} from "@hirestream/contracts/permissions/permission-table.ts";
import type { OwnSequence, ProjectRole } from "@hirestream/contracts/projects/events.ts";
import { workflowMessages } from "@hirestream/contracts/workflows/commands.ts";
import type { WorkflowEvent, WorkflowStage } from "@hirestream/contracts/workflows/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { CommandContext, Decider } from "../decider.ts";
import { ARCHIVED_READ_ONLY, accessOf, type ExistingProject, mayOnProject } from "../project/project.decider.ts";
import { copiedStages, type WorkflowTemplate } from "./workflow-copy.ts";
import { keepSavedStages, validName, validStages } from "./workflow-validation.ts";

/** A stage as asked for. Its id is set at the edge: the one sent, or one derived from the command id. */
export interface StageInput {
  id: string;
  position?: number | undefined;
  name: string;
  description?: string | null | undefined;
  sequenceId?: string | null | undefined;
  /** Whether `sequenceId` names a sequence of the workflow's workspace, as found at the edge. */
  sequenceOfWorkspace?: boolean | undefined;
  onResponseStagePosition?: number | null | undefined;
  onResponseStageId?: string | null | undefined;
}

export type WorkflowCommand =
  | {
      type: "CreateWorkflow";
      data: {
        workflowId: string;
        workspaceId: string;
        name: string;
        description?: string | null | undefined;
        stages: StageInput[];
      };
    }
  | {
      type: "UpdateWorkflow";
      data: {
        workspaceId: string;
        name?: string | undefined;
        description?: string | null | undefined;
        stages?: StageInput[] | undefined;
      };
    }
  | { type: "RemoveWorkflow"; data: { workspaceId: string } }
  /**
   * A project's own copy of a template, under an id named by the pair (contracts' copy-ids), so
   * asking again for the same copy changes nothing, and a copy removed earlier can be made afresh.
   */
  | {
      type: "CopyWorkflowTemplate";
      data: {
        workflowId: string;
        projectId: string;
        template: WorkflowTemplate;
        /** The project's own copy of the template's sequence, started where the template starts that one. */
        ownSequence?: OwnSequence | undefined;
      };
    };

export type WorkflowState =
  | { status: "unknown" }
  | {
      status: "active";
      workflowId: string;
      workspaceId: string;
      userId: string;
      name: string;
      description: string;
      stages: readonly WorkflowStage[];
      /** The project whose copy this is; null for a template. */
      projectId: string | null;
      /** The template a copy was made from; null for a template (and for copies made before it was recorded). */
      templateId: string | null;
    }
  | { status: "removed" };

/** What a project's copy answers to besides its own events. */
export interface CopyContext {
  /** The project as its stream has it; null once removed. */
  project: ExistingProject | null;
  /** The actor's role in that project, when they are one of its members. */
  projectRole: ProjectRole | undefined;
  /** Stages the project's candidates are in (from the candidacies read model). */
  occupiedStageIds: ReadonlySet<string>;
}

/** Who asks, and their role in the workspace the command names (undefined: not a member). */
export interface WorkflowContext extends CommandContext {
  workspaceRole: WorkspaceRole | undefined;
  /** Given for commands on a project's copy. */
  copy?: CopyContext | undefined;
}

export const workflowDecider: Decider<WorkflowState, WorkflowCommand, WorkflowEvent, WorkflowContext> = {
  initialState: () => ({ status: "unknown" }),

  evolve(state, event) {
    if (event.type === "WorkflowCreated") {
      const { workflowId, workspaceId, userId, name, description, stages } = event.data;
      const projectId = event.data.projectId ?? null;
      const templateId = event.data.templateId ?? null;
      return { status: "active", workflowId, workspaceId, userId, name, description, stages, projectId, templateId };
    }
    if (state.status !== "active") return state;
    switch (event.type) {
      case "WorkflowRenamed":
        return { ...state, name: event.data.name };
      case "WorkflowDescriptionChanged":
        return { ...state, description: event.data.description };
      case "WorkflowStagesChanged":
        return { ...state, stages: event.data.stages };
      case "WorkflowRemoved":
        return { status: "removed" };
      default:
        return state;
    }
  },

  decide(state, command, context) {
    switch (command.type) {
      case "CreateWorkflow": {
        const userId = authorize(context, "workflows.create");
        if (state.status !== "unknown") throw new DomainError("ALREADY_EXISTS");
        const { workflowId, workspaceId } = command.data;
        return [
          {
            type: "WorkflowCreated",
            data: {
              workflowId,
              workspaceId,
              userId,
              name: validName(command.data.name),
              description: command.data.description?.trim() ?? "",
              stages: validStages(command.data.stages),
            },
          },
        ];
      }
      case "UpdateWorkflow": {
        const { current } = manageable(state, command.data.workspaceId, context);
        const { workflowId, workspaceId } = current;
        const { name, description, stages } = command.data;
        const events: WorkflowEvent[] = [];
        const nextName = name === undefined ? undefined : validName(name);
        const nextStages = stages === undefined ? undefined : validStages(stages);
        if (nextName !== undefined && nextName !== current.name) {
          events.push({ type: "WorkflowRenamed", data: { workflowId, workspaceId, name: nextName } });
        }
        const nextDescription = description === undefined ? undefined : (description?.trim() ?? "");
        if (nextDescription !== undefined && nextDescription !== current.description) {
          events.push({
            type: "WorkflowDescriptionChanged",
            data: { workflowId, workspaceId, description: nextDescription },
          });
        }
        if (nextStages !== undefined) keepSavedStages(current.stages, nextStages);
        if (nextStages !== undefined && JSON.stringify(nextStages) !== JSON.stringify(current.stages)) {
          events.push({ type: "WorkflowStagesChanged", data: { workflowId, workspaceId, stages: nextStages } });
        }
        return events;
      }
      case "RemoveWorkflow": {
        const { current, copy } = manageable(state, command.data.workspaceId, context);
        if (copy && copy.occupiedStageIds.size > 0) {
          throw new DomainError("VALIDATION", workflowMessages.projectHoldsPeople);
        }
        const { workflowId, workspaceId } = current;
        return [{ type: "WorkflowRemoved", data: { workflowId, workspaceId } }];
      }
      case "CopyWorkflowTemplate": {
        // The copy is the project's workflow, made once the project took it: the project decider
        // has checked that the actor may edit the project (or create it), which is what counts.
        const userId = authorize(context, "workflows.read");
        const { workflowId, projectId, template, ownSequence } = command.data;
        if (state.status === "active") {
          if (state.projectId === projectId) return [];
          throw new DomainError("ALREADY_EXISTS");
        }
        return [
          {
            type: "WorkflowCreated",
            data: {
              workflowId,
              workspaceId: template.workspaceId,
              userId,
              name: template.name,
              description: template.description,
              stages: copiedStages(template.stages, workflowId, ownSequence),
              projectId,
              templateId: template.workflowId,
            },
          },
        ];
      }
      default: {
        const unhandled: never = command;
        throw new Error(`unhandled command ${JSON.stringify(unhandled)}`);
      }
    }
  },
};

/** Permission before existence: a stranger learns nothing (404), a viewer is refused (403). */
function authorize(context: WorkflowContext, action: WorkspaceAction): string {
  if (!context.actorId) throw new DomainError("UNAUTHENTICATED");
  const role = context.workspaceRole;
  if (role === undefined) throw new DomainError("NOT_FOUND", "Workspace not found");
  if (!mayInWorkspace(role, action)) throw new DomainError("FORBIDDEN");
  return context.actorId;
}

type ActiveWorkflow = Extract<WorkflowState, { status: "active" }>;

/** Another workspace's workflow is as unknown as a missing one. */
function existing(state: WorkflowState, workspaceId: string): ActiveWorkflow {
  if (state.status !== "active" || state.workspaceId !== workspaceId) {
    throw new DomainError("NOT_FOUND", "Workflow not found");
  }
  return state;
}

/**
 * A project's copy follows its project: gone with it (and hidden with it from those who may not
 * see the project). Null for a template.
 */
function copyContext(
  workflow: ActiveWorkflow,
  context: WorkflowContext,
  unknown: () => DomainError = () => new DomainError("NOT_FOUND", "Workflow not found"),
): CopyContext | null {
  if (workflow.projectId === null) return null;
  const project = context.copy?.project ?? null;
  if (!context.copy || !project || project.projectId !== workflow.projectId) throw unknown();
  if (!mayReachProject(copyAccess(context, workflow.workspaceId, project), project)) throw unknown();
  return context.copy;
}

/** The actor's standing toward the copy's project, as the project decider's rules take it. */
function copyAccess(context: WorkflowContext, workspaceId: string, project: ExistingProject) {
  const roles = new Map(context.workspaceRole ? [[workspaceId, context.workspaceRole]] : []);
  return accessOf(
    project,
    { now: context.now, actorId: context.actorId, workspaceRoles: roles },
    context.copy?.projectRole,
  );
}

/**
 * The workflow an edit or a removal changes. A template: a role that creates no workflows manages
 * none (403 before existence), then it must exist (404) and be theirs to manage (403). A project's
 * copy is managed as its project is edited, by the permission table: unknown to those the project
 * is unknown to (a 403 still for a role that manages no workflows, as for a template, so that
 * answer tells nothing), refused to those who may not edit it, read-only once it is archived.
 */
function manageable(
  state: WorkflowState,
  workspaceId: string,
  context: WorkflowContext,
): { current: ActiveWorkflow; copy: CopyContext | null } {
  authorize(context, "workflows.read");
  const mayManageSome =
    context.workspaceRole !== undefined && mayInWorkspace(context.workspaceRole, "workflows.create");
  const isCopy = state.status === "active" && state.workspaceId === workspaceId && state.projectId !== null;
  if (!mayManageSome && !isCopy) throw new DomainError("FORBIDDEN");
  const current = existing(state, workspaceId);
  const copy = mayManageSome
    ? copyContext(current, context)
    : copyContext(current, context, () => new DomainError("FORBIDDEN"));
  if (!mayManageWorkflow(current, context, copy?.project ?? null)) {
    throw new DomainError("FORBIDDEN", "Your role does not allow changing this workflow");
  }
  if (copy?.project?.status === "Archived") throw new DomainError("VALIDATION", ARCHIVED_READ_ONLY);
  return { current, copy };
}

/**
 * Spec §6: owners and managers manage every workflow; a collaborator the templates they created,
 * while their role lets them create workflows.
 *
 * A project's copy is managed as its project is, whoever assigned it: the copy is the project's
 * workflow, assigning it already asks to manage the project, and removing it lets go of it on the
 * project, which asks the same. One rule, the project's, then says who may change a project's
 * workflow, and the collaborator who created a project keeps its workflow even when a manager
 * assigned it. `project` is the copy's project; null for a template.
 */
export function mayManageWorkflow(
  workflow: Pick<ActiveWorkflow, "userId" | "workspaceId" | "projectId">,
  context: WorkflowContext,
  project: ExistingProject | null,
): boolean {
  const role = context.workspaceRole;
  if (role === undefined) return false;
  if (workflow.projectId !== null) {
    return (
      project?.projectId === workflow.projectId &&
      mayOnProject(project, copyAccess(context, workflow.workspaceId, project), "project.edit")
    );
  }
  if (mayInWorkspace(role, "workflows.manage")) return true;
  return workflow.userId === context.actorId && mayInWorkspace(role, "workflows.create");
}
