// The tabbed flow of New Sequence and Edit Sequence (spec §2 and §4).
import type { TabErrors } from "./sequence-validation.ts";

export type SequenceTab = { kind: "info" } | { kind: "step"; index: number } | { kind: "finish" };

export type FormMode = "create" | "edit" | "view";

/** Tab values as Mantine's Tabs take them. */
export function tabValue(tab: SequenceTab): string {
  return tab.kind === "step" ? `step-${tab.index}` : tab.kind;
}

export function tabOfValue(value: string | null): SequenceTab {
  if (value === "finish") return { kind: "finish" };
  const step = /^step-(\d+)$/.exec(value ?? "");
  return step?.[1] === undefined ? { kind: "info" } : { kind: "step", index: Number(step[1]) };
}

/** New Sequence: Start, Step 1..n, and Finish once confirmation is requested; otherwise Info and the steps. */
export function tabsOf(mode: FormMode, stepCount: number, confirming: boolean): SequenceTab[] {
  const steps = Array.from({ length: stepCount }, (_, index): SequenceTab => ({ kind: "step", index }));
  return [{ kind: "info" }, ...steps, ...(mode === "create" && confirming ? [{ kind: "finish" } as const] : [])];
}

export function tabLabel(tab: SequenceTab, mode: FormMode): string {
  if (tab.kind === "step") return `Step ${tab.index + 1}`;
  if (tab.kind === "finish") return "Finish";
  return mode === "create" ? "Start" : "Info";
}

/** Spec §4: the enableNext flag is set once the sequence has a name. */
export function canGoNext(name: string): boolean {
  return name.trim() !== "";
}

/** The tab Next leads to; none from the last step (Finish and + Step are offered there). */
export function nextTab(tab: SequenceTab, stepCount: number): SequenceTab | null {
  if (tab.kind === "info") return stepCount > 0 ? { kind: "step", index: 0 } : null;
  if (tab.kind === "step" && tab.index < stepCount - 1) return { kind: "step", index: tab.index + 1 };
  return null;
}

export function isLastStep(tab: SequenceTab, stepCount: number): boolean {
  return tab.kind === "step" && tab.index === stepCount - 1;
}

/** Spec §4: + Step only on the last step tab, and only when that step holds no errors. */
export function canAddStepFrom(tab: SequenceTab, stepCount: number, errors: TabErrors): boolean {
  return tab.kind === "step" && isLastStep(tab, stepCount) && errors.steps[tab.index] === false;
}

/** Where a failed Finish or Save takes the recruiter: the first tab holding an error. */
export function firstTabWithErrors(errors: TabErrors): SequenceTab | null {
  if (errors.info) return { kind: "info" };
  const index = errors.steps.indexOf(true);
  return index === -1 ? null : { kind: "step", index };
}

/** Spec §4: leaving the Finish tab clears the confirmation. */
export function confirmingAfter(from: SequenceTab, to: SequenceTab, confirming: boolean): boolean {
  return confirming && !(from.kind === "finish" && to.kind !== "finish");
}
