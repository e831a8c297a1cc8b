import { z } from "zod";
import { listQuery } from "../lists.ts";
import { messages } from "../messages.ts";
import { text } from "../text.ts";
import { projectPriorities, projectStatuses, projectSwitchStatuses } from "./events.ts";

export const PROJECT_NAME_MAX = 120;
/** Spec §5 and §9. */
export const PROJECT_DESCRIPTION_MAX = 100;
export const DEADLINE_BEFORE_START = "must not be before the start date";

const oneOf = (values: readonly string[]) => (issue: { input?: unknown }) =>
  issue.input === undefined ? messages.required : `must be one of ${values.join(", ")}`;

// Missing is "required"; blank is refused by the decider, which trims, with the same words.
const name = text({ error: (issue) => (issue.input === undefined ? messages.required : undefined) }).max(1000);
const description = text().max(PROJECT_DESCRIPTION_MAX, {
  error: `is too long (maximum is ${PROJECT_DESCRIPTION_MAX} characters)`,
});
const date = z.iso.date({ error: "must be a date (YYYY-MM-DD)" }).nullable();
const priority = z.enum(projectPriorities, { error: oneOf(projectPriorities) });

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A deadline, when both are given, is on or after the start date (ISO dates compare as strings). */
function deadlineAfterStart(
  value: { start_date?: string | null | undefined; deadline?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  const { start_date: start, deadline } = value;
  // Zod refines even when a field failed: compare only two valid dates.
  if (!start || !deadline || !isoDatePattern.test(start) || !isoDatePattern.test(deadline)) return;
  if (deadline < start) {
    ctx.addIssue({ code: "custom", message: DEADLINE_BEFORE_START, path: ["deadline"], input: deadline });
  }
}

/** The Edit Project form on creation (spec §5): title, priority and status are required. */
export const createProjectAttributes = z
  .object({
    name,
    description: description.nullable().optional(),
    priority,
    status: z.enum(projectSwitchStatuses, { error: oneOf(projectSwitchStatuses) }),
    start_date: date.optional(),
    deadline: date.optional(),
    visible: z.boolean().optional(),
    /**
     * A template of this workspace, copied into the project. The spec's form requires one; outside
     * clients may leave it out and assign one later (…/workflows/{id}/assign_to_project).
     */
    workflow_id: z.uuid({ error: "must be a UUID" }).nullable().optional(),
    /** Sent by the spec's client; the path names the workspace and the creator is the owner, whatever these say. */
    workspace_id: z.string().optional(),
    user_id: z.string().optional(),
  })
  .strict()
  .superRefine(deadlineAfterStart);
export type CreateProjectAttributes = z.infer<typeof createProjectAttributes>;

/** Any of the fields; `status: "Archived"` archives the project. */
export const updateProjectAttributes = z
  .object({
    name: name.optional(),
    description: description.nullable().optional(),
    priority: priority.optional(),
    status: z.enum(projectStatuses, { error: oneOf(projectStatuses) }).optional(),
    start_date: date.optional(),
    deadline: date.optional(),
    visible: z.boolean().optional(),
    /** Sent back as it is by the spec's form; a different one is refused (spec §4: assigned once). */
    workflow_id: z.uuid({ error: "must be a UUID" }).nullable().optional(),
    workspace_id: z.string().optional(),
    user_id: z.string().optional(),
  })
  .strict()
  .superRefine(deadlineAfterStart);
export type UpdateProjectAttributes = z.infer<typeof updateProjectAttributes>;

const statusFilter = z.enum(projectStatuses, { error: oneOf(projectStatuses) });
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item).max(10)]).transform((value) => (Array.isArray(value) ? value : [value]));

/** GET …/projects: the list parameters and Rails-style `by_status[]` (Current is Active + Inactive). */
export const projectListQuery = listQuery.extend({
  "by_status[]": oneOrMany(statusFilter).optional(),
  by_status: oneOrMany(statusFilter).optional(),
});
export type ProjectListQuery = z.infer<typeof projectListQuery>;
