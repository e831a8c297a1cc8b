// The Edit Project form (spec §3 form fields, §5 rules): its values, their checks, and what a
// submit sends.
import { messages } from "@hirestream/contracts/messages.ts";
import {
  DEADLINE_BEFORE_START,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
} from "@hirestream/contracts/projects/commands.ts";
import {
  type ProjectPriority,
  type ProjectSwitchStatus,
  projectPriorities,
  projectSwitchStatuses,
} from "@hirestream/contracts/projects/events.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { ProjectChanges, ProjectFields } from "./project-commands.ts";

/** What the inputs hold: text as typed, "" for a choice not made yet or a date left empty. */
export interface ProjectFormValues {
  title: string;
  description: string;
  priority: ProjectPriority | "";
  status: ProjectSwitchStatus | "";
  /**
   * On creation, the workflow's title as picked or typed (a title not in the list makes a new
   * workflow); on edit, the id of the project's own workflow when it has one, else a template's.
   */
  workflow: string;
  /** On creation: the project starts without a workflow, picked later on its Workflow tab. */
  workflowLater: boolean;
  startDate: string;
  deadline: string;
  visible: boolean;
}

export const emptyProjectForm: ProjectFormValues = {
  title: "",
  description: "",
  priority: "",
  status: "Active",
  workflow: "",
  workflowLater: false,
  startDate: "",
  deadline: "",
  visible: true,
};

/** The form filled from a project. Archived is not one of the form's statuses: it shows none. */
export function projectFormValues(project: ProjectRow): ProjectFormValues {
  return {
    title: project.name,
    description: project.description ?? "",
    priority: project.priority,
    status: project.status === "Archived" ? "" : project.status,
    workflow: project.workflow_id ?? "",
    workflowLater: false,
    startDate: project.start_date ?? "",
    deadline: project.deadline ?? "",
    visible: project.visible,
  };
}

export type ProjectFormErrors = Partial<Record<keyof ProjectFormValues, string>>;

export const deadlineBeforeStart = `Deadline ${DEADLINE_BEFORE_START}`;
export const descriptionTooLong = `Description is too long (maximum is ${PROJECT_DESCRIPTION_MAX} characters)`;
export const titleTooLong = `Title is too long (maximum is ${PROJECT_NAME_MAX} characters)`;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
export const enterADate = "Enter a date";

/**
 * Title, priority and status are required; the workflow only when creating; the description is at
 * most 100 characters; a deadline is not before the start date.
 */
export function validateProjectForm(values: ProjectFormValues, mode: "create" | "edit"): ProjectFormErrors {
  const errors: ProjectFormErrors = {};
  const title = values.title.trim();
  if (title === "") errors.title = messages.required;
  else if (title.length > PROJECT_NAME_MAX) errors.title = titleTooLong;
  if (values.description.trim().length > PROJECT_DESCRIPTION_MAX) errors.description = descriptionTooLong;
  if (!(projectPriorities as readonly string[]).includes(values.priority)) errors.priority = messages.required;
  if (!(projectSwitchStatuses as readonly string[]).includes(values.status)) errors.status = messages.required;
  // Spec §5 asks for the workflow on creation; choosing it later is said so in words, and leads to
  // the Workflow tab's pick-a-workflow state (doc 2 §2).
  if (mode === "create" && !values.workflowLater && values.workflow.trim() === "") errors.workflow = messages.required;
  if (values.startDate !== "" && !isoDate.test(values.startDate)) errors.startDate = enterADate;
  if (values.deadline !== "" && !isoDate.test(values.deadline)) errors.deadline = enterADate;
  // ISO dates compare as strings; only two readable dates are compared.
  if (!errors.startDate && !errors.deadline && values.startDate !== "" && values.deadline !== "") {
    if (values.deadline < values.startDate) errors.deadline = deadlineBeforeStart;
  }
  return errors;
}

/** The fields a valid form stands for: trimmed, a blank description none, an empty date none. */
export function projectFieldsOf(values: ProjectFormValues): ProjectFields {
  const { priority, status } = values;
  if (priority === "" || status === "") throw new Error("projectFieldsOf needs a validated form");
  return {
    name: values.title.trim(),
    description: values.description.trim() || null,
    priority,
    status,
    start_date: values.startDate || null,
    deadline: values.deadline || null,
    visible: values.visible,
  };
}

/** What an edit changes: only the fields that differ from the project, so an unchanged form sends nothing. */
export function projectChangesOf(project: ProjectRow, values: ProjectFormValues): ProjectChanges {
  const next = projectFieldsOf(values);
  const changes: ProjectChanges = {};
  if (next.name !== project.name) changes.name = next.name;
  if (next.description !== project.description) changes.description = next.description;
  if (next.priority !== project.priority) changes.priority = next.priority;
  if (next.status !== project.status) changes.status = next.status;
  if (next.start_date !== project.start_date) changes.start_date = next.start_date;
  if (next.deadline !== project.deadline) changes.deadline = next.deadline;
  if (next.visible !== project.visible) changes.visible = next.visible;
  return changes;
}

/** The description's counter, e.g. "42/100". */
export function descriptionCounter(description: string): string {
  return `${description.length}/${PROJECT_DESCRIPTION_MAX}`;
}
