// New Project's template sequence (spec doc 2 §2 and §4): choosing a workflow whose stages start a
// sequence loads it; Use Template Sequence keeps it, Edit Template Sequence makes the project its own copy.
import { parseTemplateSequence } from "@hirestream/contracts/projects/project-sequence.ts";
import type { SequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { sequenceAttributesOf } from "../sequences/sequence-body.ts";
import { draftOfSequence, type SequenceDraft } from "../sequences/sequence-draft.ts";

/** The template sequence: that of the template's first stage, by position, that starts one. */
export function templateSequenceIdOf(template: Pick<WorkflowRow, "stages">): string | null {
  const first = [...template.stages].sort((a, b) => a.position - b.position).find((stage) => stage.sequence_id);
  return first?.sequence_id ?? null;
}

/** What the new project does with its template sequence, once the recruiter chose. */
export type TemplateSequenceUse =
  | { kind: "use"; sequenceId: string }
  | { kind: "edited"; replaces: string; id: string; draft: SequenceDraft };

/**
 * The copy Edit Template Sequence opens: the template sequence as it is, with new step ids (the
 * steps of the copy are its own).
 */
export function templateDraftOf(
  sequence: SequenceRow,
  providerTypeOf: (credentialId: string) => string | null,
  newId: () => string,
): SequenceDraft {
  const draft = draftOfSequence(sequence, providerTypeOf);
  return { ...draft, steps: draft.steps.map((step) => ({ ...step, id: newId() })) };
}

/**
 * The relationship POST …/projects carries (spec doc 2 §7: "optional sequence relationship with
 * steps_attributes"). The edited copy is checked against the contract before it is queued, as a
 * new sequence is: a copy the server would refuse throws here instead.
 */
export function sequenceRelationshipOf(use: TemplateSequenceUse, workspaceId: string) {
  if (use.kind === "use") return { data: { type: "sequence", id: use.sequenceId } };
  const { steps, workspace_id: _workspace, ...fields } = sequenceAttributesOf(use.draft, workspaceId);
  const attributes = { ...fields, steps_attributes: steps };
  const parsed = parseTemplateSequence(attributes);
  if (!parsed.success) {
    throw new Error(parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; "));
  }
  return { data: { type: "sequence", id: use.id, attributes } };
}

/** The project's copy of its workflow as the server makes it: its own sequence started in place of the template's. */
export function withOwnSequence(copy: WorkflowRow, replaces: string, sequenceId: string): WorkflowRow {
  return {
    ...copy,
    stages: copy.stages.map((stage) =>
      stage.sequence_id === replaces ? { ...stage, sequence_id: sequenceId } : stage,
    ),
  };
}
