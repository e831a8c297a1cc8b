import { useForm } from "@mantine/form";
import { useState } from "react";
import type { WorkflowDraft } from "./workflow-draft.ts";
import { validateWorkflowDraft } from "./workflow-validation.ts";

/** The New/Edit Workflow form, starting from `initial` once per opening. */
export function useWorkflowForm(initial: () => WorkflowDraft) {
  const [initialValues] = useState(initial);
  return useForm<WorkflowDraft>({
    initialValues,
    validate: validateWorkflowDraft,
    // An emptied stage name shows its error state as soon as the field is left.
    validateInputOnBlur: true,
  });
}

/** The form as the stage editors receive it. */
export type WorkflowForm = ReturnType<typeof useWorkflowForm>;
