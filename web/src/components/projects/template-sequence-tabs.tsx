import { Tabs } from "@mantine/core";
import type { ReactNode } from "react";
import { SequenceInfoPanel } from "../sequences/sequence-info-panel.tsx";
import { tabLabel, tabsOf, tabValue } from "../sequences/sequence-tabs.ts";
import { StepPanel } from "../sequences/step-panel.tsx";
import type { TemplateSequence } from "./use-template-sequence.ts";

/** The project's own fields, the first tab. */
export const PROJECT_TAB = "project";

interface TemplateSequenceTabsProps {
  workspaceId: string | undefined;
  templateSequence: TemplateSequence;
  /** The tab shown: PROJECT_TAB or one of the sequence form's. */
  value: string;
  onChange: (value: string) => void;
  infoInError: boolean;
  /** The project's fields. */
  children: ReactNode;
}

/**
 * New Project's tabs (spec §2): Info, and while the template sequence is edited, Sequence and Step
 * 1..n, the sequence form's own panels on the project's copy. A heading turns red when it holds errors.
 */
export function TemplateSequenceTabs(props: TemplateSequenceTabsProps) {
  const { workspaceId, templateSequence, value, onChange, infoInError, children } = props;
  const { form, credentials } = templateSequence;
  const editing = templateSequence.chosen === "edit" && workspaceId !== undefined;
  const sequenceTabs = editing ? tabsOf("edit", form.draft.steps.length, false) : [];
  const red = (inError: boolean) => (inError ? "red" : "inherit");
  return (
    <Tabs value={editing ? value : PROJECT_TAB} onChange={(next) => onChange(next ?? PROJECT_TAB)} keepMounted>
      <Tabs.List>
        <Tabs.Tab value={PROJECT_TAB} c={red(infoInError)}>
          Info
        </Tabs.Tab>
        {sequenceTabs.map((tab) => {
          const inError =
            tab.kind === "step" ? form.shownTabErrors.steps[tab.index] === true : form.shownTabErrors.info;
          return (
            <Tabs.Tab key={tabValue(tab)} value={tabValue(tab)} c={red(inError)} data-error={inError}>
              {tab.kind === "info" ? "Sequence" : tabLabel(tab, "edit")}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      <Tabs.Panel value={PROJECT_TAB} pt="md">
        {children}
      </Tabs.Panel>
      {editing && (
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
      )}
    </Tabs>
  );
}
