import { Tabs } from "@mantine/core";
import { lazy, type ReactNode, Suspense } from "react";
import { tabLabel, tabsOf, tabValue } from "../sequences/sequence-tabs.ts";
import type { TemplateSequence } from "./use-template-sequence.ts";

// The sequence's panels carry the rich-text editor: loaded when the template sequence is edited,
// not with the app.
const TemplateSequencePanels = lazy(() =>
  import("./template-sequence-panels.tsx").then((module) => ({ default: module.TemplateSequencePanels })),
);

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
        <Suspense fallback={null}>
          <TemplateSequencePanels form={form} workspaceId={workspaceId} credentials={credentials} />
        </Suspense>
      )}
    </Tabs>
  );
}
