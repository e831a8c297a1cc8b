import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import { CloseButton, Group, Tabs } from "@mantine/core";
import { canRemoveStep } from "./sequence-draft.ts";
import { SequenceInfoPanel } from "./sequence-info-panel.tsx";
import { SequenceReview } from "./sequence-review.tsx";
import { tabLabel, tabsOf, tabValue } from "./sequence-tabs.ts";
import { StepPanel } from "./step-panel.tsx";
import type { SequenceForm } from "./use-sequence-form.ts";

interface SequenceTabsViewProps {
  form: SequenceForm;
  workspaceId: string;
  credentials: readonly CredentialRow[];
  onRemoveStep: (index: number) => void;
}

/** Start or Info, Step 1..n, and Finish while confirming; a tab's heading turns red when it holds errors. */
export function SequenceTabsView({ form, workspaceId, credentials, onRemoveStep }: SequenceTabsViewProps) {
  const tabs = tabsOf(form.mode, form.draft.steps.length, form.confirming);
  const inError = (value: string) => {
    const tab = tabs.find((candidate) => tabValue(candidate) === value);
    if (tab?.kind === "info") return form.shownTabErrors.info;
    return tab?.kind === "step" && form.shownTabErrors.steps[tab.index] === true;
  };
  return (
    <Tabs value={form.tabValue} onChange={form.goToValue} keepMounted>
      <Tabs.List>
        {tabs.map((tab) => {
          const value = tabValue(tab);
          const removable = tab.kind === "step" && form.mode !== "view" && canRemoveStep(tab.index, form.mode);
          return (
            <Group key={value} gap={0} wrap="nowrap">
              <Tabs.Tab value={value} c={inError(value) ? "red" : "inherit"} data-error={inError(value)}>
                {tabLabel(tab, form.mode)}
              </Tabs.Tab>
              {removable && (
                <CloseButton
                  size="sm"
                  aria-label={`Remove ${tabLabel(tab, form.mode)}`}
                  onClick={() => onRemoveStep(tab.index)}
                />
              )}
            </Group>
          );
        })}
      </Tabs.List>
      <Tabs.Panel value="info" pt="md">
        <SequenceInfoPanel form={form} />
      </Tabs.Panel>
      {form.draft.steps.map((step, index) => (
        <Tabs.Panel key={step.id} value={tabValue({ kind: "step", index })} pt="md">
          <StepPanel form={form} index={index} workspaceId={workspaceId} credentials={credentials} />
        </Tabs.Panel>
      ))}
      {form.confirming && (
        <Tabs.Panel value="finish" pt="md">
          <SequenceReview draft={form.draft} credentials={credentials} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
