import { z } from "zod";

export const projectPriorities = ["High", "Medium", "Low"] as const;
export type ProjectPriority = (typeof projectPriorities)[number];
/** The switch on the list and the edit form; Archived is reached only by archiving (spec §4). */
export const projectSwitchStatuses = ["Active", "Inactive"] as const;
export type ProjectSwitchStatus = (typeof projectSwitchStatuses)[number];
export const projectStatuses = [...projectSwitchStatuses, "Archived"] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

/** Spec §6: a project member's role, lowercased as the API carries it. */
export const projectRoles = ["owner", "manager", "collaborator", "viewer"] as const;
export const projectRole = z.enum(projectRoles);
export type ProjectRole = z.infer<typeof projectRole>;

/** An ISO calendar date, `YYYY-MM-DD`; a project's start date and deadline may be absent. */
const isoDate = z.iso.date().nullable();

/** The fields a project's settings are made of; `changes` of ProjectUpdated is a part of them. */
export const projectSettings = z.object({
  name: z.string(),
  description: z.string().nullable(),
  priority: z.enum(projectPriorities),
  startDate: isoDate,
  deadline: isoDate,
  visible: z.boolean(),
  /**
   * The project's own copy of a template, set by ProjectWorkflowAssigned (null on creation). Early
   * events may carry an id that was stored unchecked.
   */
  workflowId: z.uuid().nullable(),
});
export type ProjectSettings = z.infer<typeof projectSettings>;

export const projectCreated = z.object({
  type: z.literal("ProjectCreated"),
  data: projectSettings.extend({
    projectId: z.uuid(),
    workspaceId: z.uuid(),
    /** The creator: the project's owner, and how projects are split into owned and guest. */
    userId: z.uuid(),
    status: z.enum(projectSwitchStatuses),
  }),
});

/** Only the fields that changed; the status has its own events. */
export const projectUpdated = z.object({
  type: z.literal("ProjectUpdated"),
  data: z.object({ projectId: z.uuid(), workspaceId: z.uuid(), changes: projectSettings.partial() }),
});

export const projectStatusChanged = z.object({
  type: z.literal("ProjectStatusChanged"),
  data: z.object({ projectId: z.uuid(), workspaceId: z.uuid(), status: z.enum(projectSwitchStatuses) }),
});

/** From now on the project is read-only (spec §4), until it is removed. */
export const projectArchived = z.object({
  type: z.literal("ProjectArchived"),
  data: z.object({ projectId: z.uuid(), workspaceId: z.uuid() }),
});

export const projectRemoved = z.object({
  type: z.literal("ProjectRemoved"),
  data: z.object({ projectId: z.uuid(), workspaceId: z.uuid() }),
});

/**
 * A workflow template assigned to the project: `workflowId` is the project's own copy (a workflow
 * stream created right after, from `templateId`). Assigned once; only removing the copy frees it.
 */
export const projectWorkflowAssigned = z.object({
  type: z.literal("ProjectWorkflowAssigned"),
  data: z.object({
    projectId: z.uuid(),
    workspaceId: z.uuid(),
    workflowId: z.uuid(),
    templateId: z.uuid(),
    /**
     * Given when the project was created with its own edited copy of the template's sequence: in
     * the project's copy, the stages that start `replaces` start `sequenceId` instead. Absent: the
     * copy starts the template's sequences.
     */
    ownSequence: z.object({ replaces: z.uuid(), sequenceId: z.uuid() }).optional(),
  }),
});
export type OwnSequence = NonNullable<z.infer<typeof projectWorkflowAssigned>["data"]["ownSequence"]>;

/** The project's copy was removed: the project has no workflow until another is assigned. */
export const projectWorkflowUnassigned = z.object({
  type: z.literal("ProjectWorkflowUnassigned"),
  data: z.object({ projectId: z.uuid(), workspaceId: z.uuid(), workflowId: z.uuid() }),
});

/**
 * A user joined the project with a role (an accepted invitation). The project's creator is its
 * first owner from ProjectCreated on, without an event of this kind.
 */
export const projectMemberAdded = z.object({
  type: z.literal("ProjectMemberAdded"),
  data: z.object({ projectId: z.uuid(), workspaceId: z.uuid(), userId: z.uuid(), role: projectRole }),
});

export const projectMemberRoleChanged = z.object({
  type: z.literal("ProjectMemberRoleChanged"),
  data: z.object({ projectId: z.uuid(), workspaceId: z.uuid(), userId: z.uuid(), role: projectRole }),
});

export const projectMemberRemoved = z.object({
  type: z.literal("ProjectMemberRemoved"),
  data: z.object({ projectId: z.uuid(), workspaceId: z.uuid(), userId: z.uuid() }),
});

export const projectEvent = z.discriminatedUnion("type", [
  projectCreated,
  projectUpdated,
  projectStatusChanged,
  projectArchived,
  projectRemoved,
  projectWorkflowAssigned,
  projectWorkflowUnassigned,
  projectMemberAdded,
  projectMemberRoleChanged,
  projectMemberRemoved,
]);
export type ProjectEvent = z.infer<typeof projectEvent>;
