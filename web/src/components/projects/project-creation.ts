// The project writes that copy a workflow template, apart from the other project commands: New
// Project (with the template sequence, whose parsing holds every time zone and country) and a
// template given later. Only the forms that make them load them.
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import type { Command, RowChange } from "../../replica/outbox.ts";
import { sequenceRowOf } from "../sequences/sequence-body.ts";
import { workflowCopyRow } from "../workflows/workflow-copy.ts";
import { type ProjectFields, projectRowOf, projectsPath } from "./project-commands.ts";
import { sequenceRelationshipOf, type TemplateSequenceUse, withOwnSequence } from "./template-sequence.ts";

/**
 * A new project under an id chosen here, so it can be opened and changed before the server has
 * seen it. The template chosen is sent; the project shows its own copy of it at once, under the
 * id the server gives the copy.
 */
export function createProject(input: {
  id: string;
  workspaceId: string;
  fields: ProjectFields;
  template: WorkflowRow | undefined;
  userId: string;
  now: Date;
  /** The template sequence used as it is, or the project's own edited copy of it (shown at once too). */
  sequence?: TemplateSequenceUse | undefined;
}): Command {
  const at = input.now.toISOString();
  const { sequence } = input;
  const made = input.template ? workflowCopyRow(input.template, input.id, input.userId, input.now) : undefined;
  const copy = made && sequence?.kind === "edited" ? withOwnSequence(made, sequence.replaces, sequence.id) : made;
  const project: ProjectRow = {
    id: input.id,
    workspace_id: input.workspaceId,
    ...input.fields,
    workflow_id: copy?.id ?? null,
    user_id: input.userId,
    created_at: at,
    updated_at: at,
  };
  const optimistic: RowChange[] = [{ table: "projects", id: project.id, next: project }];
  if (copy) optimistic.push({ table: "workflows", id: copy.id, next: copy });
  if (sequence?.kind === "edited") {
    const identity = {
      id: sequence.id,
      workspaceId: input.workspaceId,
      userId: input.userId,
      createdAt: at,
      updatedAt: at,
    };
    optimistic.unshift({ table: "sequences", id: sequence.id, next: sequenceRowOf(sequence.draft, identity) });
  }
  return {
    method: "POST",
    path: projectsPath(input.workspaceId),
    body: {
      data: {
        type: "projects",
        id: input.id,
        attributes: { ...input.fields, workflow_id: input.template?.id ?? null },
        ...(sequence ? { relationships: { sequence: sequenceRelationshipOf(sequence, input.workspaceId) } } : {}),
      },
    },
    optimistic,
  };
}

/** A template given to a project that has none: the project gets its own copy, shown at once. */
export function assignWorkflow(project: ProjectRow, template: WorkflowRow, userId: string, now: Date): Command {
  const copy = workflowCopyRow(template, project.id, userId, now);
  return {
    method: "POST",
    path: `/workspaces/${project.workspace_id}/workflows/${template.id}/assign_to_project`,
    body: { data: { type: "workflows", attributes: { project_id: project.id } } },
    optimistic: [
      { table: "workflows", id: copy.id, next: copy },
      {
        table: "projects",
        id: project.id,
        next: { ...projectRowOf(project), workflow_id: copy.id, updated_at: now.toISOString() },
      },
    ],
  };
}
