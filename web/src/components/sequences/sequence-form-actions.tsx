import { Button, Group } from "@mantine/core";
import { canAddStepFrom, canGoNext, isLastStep, nextTab } from "./sequence-tabs.ts";
import { hasTabErrors } from "./sequence-validation.ts";
import type { SequenceForm } from "./use-sequence-form.ts";

interface SequenceFormActionsProps {
  form: SequenceForm;
  saving: boolean;
  onCancel: () => void;
  onAddStep: () => void;
  onFinish: () => void;
  onSubmit: () => void;
}

/** New Sequence: Next, + Step and Finish, then Confirm; Edit: Save; the read-only view: Close. */
export function SequenceFormActions({
  form,
  saving,
  onCancel,
  onAddStep,
  onFinish,
  onSubmit,
}: SequenceFormActionsProps) {
  const stepCount = form.draft.steps.length;
  if (form.mode === "view")
    return (
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Close
        </Button>
      </Group>
    );
  const next = nextTab(form.tab, stepCount);
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      {form.mode === "edit" && (
        <Button loading={saving} disabled={!form.changed || hasTabErrors(form.allTabErrors)} onClick={onSubmit}>
          Save
        </Button>
      )}
      {form.mode === "create" && form.tab.kind !== "finish" && next && (
        <Button disabled={!canGoNext(form.draft.name)} onClick={() => form.goTo(next)}>
          Next
        </Button>
      )}
      {form.mode === "create" && isLastStep(form.tab, stepCount) && (
        <>
          <Button
            variant="light"
            disabled={!canAddStepFrom(form.tab, stepCount, form.allTabErrors)}
            onClick={onAddStep}
          >
            + Step
          </Button>
          <Button onClick={onFinish}>Finish</Button>
        </>
      )}
      {form.mode === "create" && form.tab.kind === "finish" && (
        <Button loading={saving} onClick={onSubmit}>
          Confirm
        </Button>
      )}
    </Group>
  );
}
