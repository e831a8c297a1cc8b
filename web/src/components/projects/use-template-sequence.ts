// New Project's template sequence: loaded from the replica when the chosen workflow starts one, and
// what the recruiter chose to do with it (Use Template Sequence, or Edit Template Sequence's copy).
import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { newId } from "../../ids/new-id.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { firstTabWithErrors, type SequenceTab } from "../sequences/sequence-tabs.ts";
import { useSequenceForm } from "../sequences/use-sequence-form.ts";
import { useWorkspaceCredentials } from "../sequences/use-sequences.ts";
import { type TemplateSequenceUse, templateDraftOf, templateSequenceIdOf } from "./template-sequence.ts";

const noCredentials: readonly CredentialRow[] = [];

export function useTemplateSequence(workspaceId: string | undefined, template: WorkflowRow | undefined) {
  const { db } = useReplica();
  const templateSequenceId = template ? templateSequenceIdOf(template) : null;
  const sequence = useLiveQuery(
    async () => (templateSequenceId ? ((await db.sequences.get(templateSequenceId)) ?? null) : null),
    [db, templateSequenceId],
  );
  const credentials = useWorkspaceCredentials(workspaceId ?? "") ?? noCredentials;
  // Spec §5: a project's template sequence may leave credentials for later.
  const form = useSequenceForm("create", undefined, credentials, false);
  const [decision, setDecision] = useState<{ sequenceId: string; kind: "use" | "edit" } | null>(null);
  // A decision holds for the sequence it was made for: another workflow asks afresh.
  const chosen = decision && decision.sequenceId === sequence?.id ? decision.kind : null;
  return {
    /** The template sequence of the chosen workflow; null when it starts none (or it is not at hand). */
    sequence: sequence ?? null,
    credentials,
    form,
    chosen,
    /** Use Template Sequence: the project starts the workflow's sequence as it is. */
    use() {
      if (sequence) setDecision({ sequenceId: sequence.id, kind: "use" });
    },
    /** Edit Template Sequence: the recruiter edits a copy of it, its errors shown at once. */
    edit() {
      if (!sequence) return;
      const providerTypeOf = (id: string) =>
        credentials.find((credential) => credential.id === id)?.provider_type ?? null;
      form.load(templateDraftOf(sequence, providerTypeOf, newId));
      form.showAllErrors();
      setDecision({ sequenceId: sequence.id, kind: "edit" });
    },
    /**
     * What Create sends with the project; `{ invalid }` names the first tab of the edited copy that
     * holds an error (the form shows them all).
     */
    choice(newId: () => string): { use: TemplateSequenceUse | undefined } | { invalid: SequenceTab } {
      if (!sequence || chosen === null) return { use: undefined };
      if (chosen === "use") return { use: { kind: "use", sequenceId: sequence.id } };
      form.showAllErrors();
      const invalid = firstTabWithErrors(form.allTabErrors);
      if (invalid) return { invalid };
      return { use: { kind: "edited", replaces: sequence.id, id: newId(), draft: form.draft } };
    },
  };
}

export type TemplateSequence = ReturnType<typeof useTemplateSequence>;
