import { DomainError } from "@hirestream/contracts/errors.ts";
import { messages } from "@hirestream/contracts/messages.ts";
import {
  assignableProjectRoles,
  mayInProject,
  mayInWorkspace,
  mayReachProject,
  type ProjectAccess,
  type ProjectAction,
} from "@hirestream/contracts/permissions/permission-table.ts";
import { DEADLINE_BEFORE_START, PROJECT_NAME_MAX } from "@hirestream/contracts/projects/commands.ts";
import type {
  OwnSequence,
  ProjectEvent,
  ProjectRole,
  ProjectSettings,
  ProjectStatus,
  ProjectSwitchStatus,
} from "@hirestream/contracts/projects/events.ts";
import { workflowMessages } from "@hirestream/contracts/workflows/commands.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { CommandContext, Decider } from "../decider.ts";

export const ARCHIVED_READ_ONLY = "Archived projects: no editing";

export type ProjectChanges = Partial<ProjectSettings> & { status?: ProjectStatus };

/** A template given to the project: `workflowId` names the project's own copy of `templateId`. */
export interface WorkflowAssignment {
  workflowId: string;
  templateId: string;
  /** On creation: the project's own edited copy of the template's sequence, started in its place. */
  ownSequence?: OwnSequence | undefined;
}

export type ProjectCommand =
  | {
      type: "CreateProject";
      data: Omit<ProjectSettings, "visible" | "workflowId"> & {
        projectId: string;
        workspaceId: string;
        status: ProjectSwitchStatus;
        visible?: boolean;
        /** A template checked at the edge; its copy is made once the project is. */
        workflow?: WorkflowAssignment | null | undefined;
      };
    }
  /** Any settings, and a status: Active/Inactive flips the switch, Archived archives. */
  | { type: "UpdateProject"; data: { changes: ProjectChanges } }
  | { type: "ChangeProjectStatus"; data: { status: ProjectSwitchStatus } }
  | { type: "ArchiveProject" }
  | { type: "RemoveProject" }
  /** Spec §4: a project's workflow is assigned once; asking again for the same copy changes nothing. */
  | { type: "AssignProjectWorkflow"; data: WorkflowAssignment }
  /** The project's copy is being removed; nothing happens if the project has another one (or none). */
  | { type: "UnassignProjectWorkflow"; data: { workflowId: string } }
  /** The actor joins, as an invitation to the project they accepted says. */
  | { type: "JoinProject"; data: { invitation: AcceptedProjectInvitation } }
  | { type: "ChangeProjectMemberRole"; data: { userId: string; role: ProjectRole } }
  | { type: "RemoveProjectMember"; data: { userId: string } };

/** What joining a project needs to know of the invitation, as its stream has it. */
export interface AcceptedProjectInvitation {
  status: "waiting" | "active" | "inactive";
  projectId: string | null;
  toUserId: string | null;
  projectRole: ProjectRole | null;
}

export type ExistingProject = ProjectSettings & {
  status: ProjectStatus;
  projectId: string;
  workspaceId: string;
  userId: string;
};
/** Members by user id; the creator is the first owner. */
export type ProjectMembers = ReadonlyMap<string, ProjectRole>;
export type ProjectState =
  | { status: "unknown" }
  | { status: "existing"; project: ExistingProject; members: ProjectMembers }
  | { status: "removed" };

/** Who asks, and their role in each workspace they belong to. */
export interface ProjectContext extends CommandContext {
  workspaceRoles: ReadonlyMap<string, WorkspaceRole>;
}

/** Spec §5 and §6 leave these unworded; the Access tab shows them in red. */
export const projectMemberMessages = {
  onlyOwner: "The only owner of a project cannot be changed or removed",
  notMember: "Project user not found",
  mayNotManage: "Your role does not allow managing this project's members",
  mayNotGive: (role: ProjectRole) => `Your role does not allow giving the ${role} role`,
  notInvited: "Invitation not found",
} as const;

const settingNames = ["name", "description", "priority", "startDate", "deadline", "visible", "workflowId"] as const;
const pointers: Record<(typeof settingNames)[number], string> = {
  name: "/data/attributes/name",
  description: "/data/attributes/description",
  priority: "/data/attributes/priority",
  startDate: "/data/attributes/start_date",
  deadline: "/data/attributes/deadline",
  visible: "/data/attributes/visible",
  workflowId: "/data/attributes/workflow_id",
};

export const projectDecider: Decider<ProjectState, ProjectCommand, ProjectEvent, ProjectContext> = {
  initialState: () => ({ status: "unknown" }),

  evolve(state, event) {
    if (event.type === "ProjectCreated") {
      return { status: "existing", project: { ...event.data }, members: new Map([[event.data.userId, "owner"]]) };
    }
    if (state.status !== "existing") return state;
    const { project, members } = state;
    switch (event.type) {
      case "ProjectUpdated":
        return { ...state, project: applyChanges(project, event.data.changes) };
      case "ProjectStatusChanged":
        return { ...state, project: { ...project, status: event.data.status } };
      case "ProjectArchived":
        return { ...state, project: { ...project, status: "Archived" } };
      case "ProjectRemoved":
        return { status: "removed" };
      case "ProjectWorkflowAssigned":
        return { ...state, project: { ...project, workflowId: event.data.workflowId } };
      case "ProjectWorkflowUnassigned":
        if (project.workflowId !== event.data.workflowId) return state;
        return { ...state, project: { ...project, workflowId: null } };
      case "ProjectMemberAdded":
      case "ProjectMemberRoleChanged":
        return { ...state, members: new Map(members).set(event.data.userId, event.data.role) };
      case "ProjectMemberRemoved": {
        const next = new Map(members);
        next.delete(event.data.userId);
        return { ...state, members: next };
      }
      default:
        return state;
    }
  },

  decide(state, command, context) {
    const actorId = requireActor(context);
    if (command.type === "CreateProject") {
      const { projectId, workspaceId, status, visible, workflow, ...settings } = command.data;
      const role = context.workspaceRoles.get(workspaceId);
      if (role === undefined) throw new DomainError("NOT_FOUND", "Workspace not found");
      if (!mayInWorkspace(role, "projects.create"))
        throw new DomainError("FORBIDDEN", "Your role does not allow creating projects here");
      if (state.status !== "unknown") throw new DomainError("ALREADY_EXISTS", "Project already exists");
      const tidied = tidy({ ...settings, visible: visible ?? true, workflowId: null });
      checkDates(tidied.startDate, tidied.deadline);
      const events: ProjectEvent[] = [
        { type: "ProjectCreated", data: { ...tidied, projectId, workspaceId, userId: actorId, status } },
      ];
      if (workflow) {
        const { workflowId, templateId, ownSequence } = workflow;
        events.push({
          type: "ProjectWorkflowAssigned",
          data: { projectId, workspaceId, workflowId, templateId, ...(ownSequence ? { ownSequence } : {}) },
        });
      }
      return events;
    }
    if (state.status !== "existing") throw new DomainError("NOT_FOUND", "Project not found");
    if (command.type === "JoinProject") return join(state, command.data.invitation, actorId);
    const access = accessOf(state.project, context, state.members.get(actorId));
    if (!mayReachProject(access, state.project)) throw new DomainError("NOT_FOUND", "Project not found");
    if (command.type === "ChangeProjectMemberRole" || command.type === "RemoveProjectMember")
      return changeMember(state, command, access);
    const { project } = state;
    const { projectId, workspaceId } = project;
    if (!mayInProject(access, command.type === "RemoveProject" ? "project.remove" : "project.edit"))
      throw new DomainError("FORBIDDEN", "Your role does not allow changing this project");
    if (command.type === "RemoveProject") return [{ type: "ProjectRemoved", data: { projectId, workspaceId } }];
    if (project.status === "Archived") throw new DomainError("VALIDATION", ARCHIVED_READ_ONLY);
    switch (command.type) {
      case "UpdateProject": {
        const { status, ...settings } = command.data.changes;
        const changes = changedFields(project, tidy(settings));
        if (changes.workflowId !== undefined) {
          const detail =
            project.workflowId === null ? workflowMessages.assignedSeparately : "cannot be changed once assigned";
          throw new DomainError("VALIDATION", detail, pointers.workflowId);
        }
        const next = applyChanges(project, changes);
        checkDates(next.startDate, next.deadline);
        const events: ProjectEvent[] = [];
        if (Object.keys(changes).length > 0)
          events.push({ type: "ProjectUpdated", data: { projectId, workspaceId, changes } });
        if (status === "Archived") events.push({ type: "ProjectArchived", data: { projectId, workspaceId } });
        else if (status !== undefined && status !== project.status)
          events.push({ type: "ProjectStatusChanged", data: { projectId, workspaceId, status } });
        return events;
      }
      case "ChangeProjectStatus": {
        const { status } = command.data;
        if (status === project.status) return [];
        return [{ type: "ProjectStatusChanged", data: { projectId, workspaceId, status } }];
      }
      case "ArchiveProject":
        return [{ type: "ProjectArchived", data: { projectId, workspaceId } }];
      case "AssignProjectWorkflow": {
        const { workflowId, templateId } = command.data;
        if (project.workflowId === workflowId) return [];
        if (project.workflowId !== null)
          throw new DomainError("VALIDATION", workflowMessages.projectHasWorkflow, "/data/attributes/project_id");
        return [{ type: "ProjectWorkflowAssigned", data: { projectId, workspaceId, workflowId, templateId } }];
      }
      case "UnassignProjectWorkflow": {
        const { workflowId } = command.data;
        if (project.workflowId !== workflowId) return [];
        return [{ type: "ProjectWorkflowUnassigned", data: { projectId, workspaceId, workflowId } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};

type ExistingState = Extract<ProjectState, { status: "existing" }>;

/** The actor's standing toward the project: their role in its workspace, and in the project. */
export function accessOf(
  project: Pick<ExistingProject, "workspaceId">,
  context: ProjectContext,
  projectRole: ProjectRole | undefined,
): ProjectAccess {
  return { workspaceRole: context.workspaceRoles.get(project.workspaceId), projectRole };
}

/** Whether the actor reaches the project and may do `action` to it (spec §6, the permission table). */
export function mayOnProject(
  project: Pick<ExistingProject, "visible">,
  access: ProjectAccess,
  action: ProjectAction,
): boolean {
  return mayReachProject(access, project) && mayInProject(access, action);
}

function join(state: ExistingState, invitation: AcceptedProjectInvitation, actorId: string): ProjectEvent[] {
  const { projectId, workspaceId } = state.project;
  if (invitation.status !== "active" || invitation.projectId !== projectId || invitation.toUserId !== actorId)
    throw new DomainError("NOT_FOUND", projectMemberMessages.notInvited);
  const role = invitation.projectRole;
  if (role === null) throw new DomainError("NOT_FOUND", projectMemberMessages.notInvited);
  if (state.members.get(actorId) === role) return [];
  return [{ type: "ProjectMemberAdded", data: { projectId, workspaceId, userId: actorId, role } }];
}

/**
 * Spec §6: owners and managers (of the project or the workspace) manage members; an owner gives
 * any role, a manager Manager…Viewer and leaves owners alone; the only owner stays owner.
 */
function changeMember(
  state: ExistingState,
  command: Extract<ProjectCommand, { type: "ChangeProjectMemberRole" | "RemoveProjectMember" }>,
  access: ProjectAccess,
): ProjectEvent[] {
  const { projectId, workspaceId } = state.project;
  const { userId } = command.data;
  if (!mayInProject(access, "project.members.manage"))
    throw new DomainError("FORBIDDEN", projectMemberMessages.mayNotManage);
  const current = state.members.get(userId);
  if (current === undefined) throw new DomainError("NOT_FOUND", projectMemberMessages.notMember);
  const assignable = assignableProjectRoles(access);
  if (current === "owner" && !assignable.includes("owner"))
    throw new DomainError("FORBIDDEN", projectMemberMessages.mayNotManage);
  const next = command.type === "ChangeProjectMemberRole" ? command.data.role : null;
  if (next !== null && !assignable.includes(next))
    throw new DomainError("FORBIDDEN", projectMemberMessages.mayNotGive(next), "/data/attributes/role");
  if (next === current) return [];
  const owners = [...state.members.values()].filter((role) => role === "owner").length;
  if (current === "owner" && owners === 1)
    throw new DomainError(
      "VALIDATION",
      projectMemberMessages.onlyOwner,
      next === null ? undefined : "/data/attributes/role",
    );
  if (next === null) return [{ type: "ProjectMemberRemoved", data: { projectId, workspaceId, userId } }];
  return [{ type: "ProjectMemberRoleChanged", data: { projectId, workspaceId, userId, role: next } }];
}

/** The fields a change names replace the project's; a field it leaves out stays. */
export function applyChanges<P extends ProjectSettings>(
  project: P,
  changes: { [K in keyof ProjectSettings]?: ProjectSettings[K] | undefined },
): P {
  const next = { ...project };
  for (const name of settingNames) {
    const value = changes[name];
    if (value !== undefined) Object.assign(next, { [name]: value });
  }
  return next;
}

function requireActor(context: CommandContext): string {
  if (!context.actorId) throw new DomainError("UNAUTHENTICATED");
  return context.actorId;
}

/** Names are trimmed and required; a blank description is none. */
function tidy<P extends Partial<ProjectSettings>>(settings: P): P {
  const tidied = { ...settings };
  if (settings.name !== undefined) {
    const name = settings.name.trim();
    if (!name) throw new DomainError("VALIDATION", messages.required, pointers.name);
    if (name.length > PROJECT_NAME_MAX)
      throw new DomainError("VALIDATION", `is too long (maximum is ${PROJECT_NAME_MAX} characters)`, pointers.name);
    tidied.name = name;
  }
  if (settings.description !== undefined) tidied.description = settings.description?.trim() || null;
  return tidied;
}

function checkDates(startDate: string | null, deadline: string | null): void {
  if (startDate && deadline && deadline < startDate)
    throw new DomainError("VALIDATION", DEADLINE_BEFORE_START, pointers.deadline);
}

/** Only what differs is recorded, so an update without changes appends nothing. */
function changedFields(current: ProjectSettings, changes: Partial<ProjectSettings>): Partial<ProjectSettings> {
  const changed: Partial<ProjectSettings> = {};
  for (const name of settingNames) {
    const value = changes[name];
    if (value !== undefined && value !== current[name]) Object.assign(changed, { [name]: value });
  }
  return changed;
}
