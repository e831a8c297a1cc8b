import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import { Tabs } from "@mantine/core";
import { SequenceInfoPanel } from "../sequences/sequence-info-panel.tsx";
import { tabValue } from "../sequences/sequence-tabs.ts";
import { StepPanel } from "../sequences/step-panel.tsx";
import type { SequenceForm } from "../sequences/use-sequence-form.ts";

/** The sequence form's own panels (Sequence, Step 1..n) on the project's copy of its template sequence. */
export function TemplateSequencePanels(props: {
  form: SequenceForm;
  workspaceId: string;
  credentials: readonly CredentialRow[];
}) {
  const { form, workspaceId, credentials } = props;
  return (
    <>
      <Tabs.Panel value="info" pt="md">
        <SequenceInfoPanel form={form} />
      </Tabs.Panel>
      {form.draft.steps.map((step, index) => (
        <Tabs.Panel key={step.id} value={tabValue({ kind: "step", index })} pt="md">
          <StepPanel form={form} index={index} workspaceId={workspaceId} credentials={credentials} />
        </Tabs.Panel>
      ))}
    </>
  );
}
