// New Project's Workflow field takes a template's title or a title typed anew (spec doc 2 §4:
// "A project may be created with a new workflow title not in the existing list").
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import type { Command } from "../../replica/outbox.ts";
import { compareNatural } from "../natural-order.ts";
import { createWorkflow, newTemplateRow } from "../workflows/workflow-commands.ts";
import { newWorkflowDraft } from "../workflows/workflow-draft.ts";

/**
 * A new workflow starts with three stages (doc 2 §4) and a stage needs a name, so a workflow made
 * from a typed title gets the first three steps of any search: the project can take candidates at
 * once, and the stages are renamed or added to on the Workflows screen like any template's.
 */
export const NEW_WORKFLOW_STAGES = ["Sourced", "Contacted", "Interview"] as const;

export type WorkflowChoice<W> = { kind: "template"; template: W } | { kind: "new"; name: string } | { kind: "none" };

/** What the text in the field stands for: a template of that title (case aside), a new one, or nothing yet. */
export function workflowChoiceOf<W extends Pick<WorkflowRow, "name">>(
  typed: string,
  templates: readonly W[],
): WorkflowChoice<W> {
  const name = typed.trim();
  if (name === "") return { kind: "none" };
  const same = templates.find((template) => compareNatural(template.name.trim(), name) === 0);
  return same ? { kind: "template", template: same } : { kind: "new", name };
}

/** The template a typed title makes, sent before the project that is given it (the outbox keeps the order). */
export function templateFromTitle(input: {
  name: string;
  workspaceId: string;
  userId: string;
  now: Date;
  newId: () => string;
}): { command: Command; template: WorkflowRow } {
  const draft = newWorkflowDraft(input.newId);
  const named = {
    ...draft,
    name: input.name,
    stages: draft.stages.map((stage, index) => ({ ...stage, name: NEW_WORKFLOW_STAGES[index] ?? stage.name })),
  };
  const made = {
    id: input.newId(),
    workspaceId: input.workspaceId,
    userId: input.userId,
    draft: named,
    now: input.now,
  };
  return { command: createWorkflow(made), template: newTemplateRow(made) };
}

/** Each title once, as the field offers them: two templates may share one. */
export function templateTitles(templates: readonly Pick<WorkflowRow, "name">[]): string[] {
  return [...new Set(templates.map((template) => template.name.trim()))];
}
