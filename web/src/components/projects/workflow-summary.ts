// The Workflow tab's summary card: each stage of the project's workflow with its talent count and
// the name of its sequence (workflows-sequences-messaging.md §2).
import type { StageRow, WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { byNameThenId } from "../natural-order.ts";

export const NO_SEQUENCE = "-";
/** A stage names a sequence this browser has no name for (not in its replica, or not yet). */
export const UNNAMED_SEQUENCE = "Sequence";

export interface StageSummary {
  id: string;
  /** 1-based, as the numbered stage list shows it. */
  number: number;
  name: string;
  talents: number;
  sequence: string;
}

export function sequenceLabel(stage: Pick<StageRow, "sequence_id">, names: ReadonlyMap<string, string>): string {
  if (stage.sequence_id === null) return NO_SEQUENCE;
  return names.get(stage.sequence_id) ?? UNNAMED_SEQUENCE;
}

/** The stages in order; a stage nobody is in counts 0. */
export function workflowSummary(
  workflow: Pick<WorkflowRow, "stages">,
  talents: ReadonlyMap<string, number>,
  sequenceNames: ReadonlyMap<string, string> = new Map(),
): StageSummary[] {
  return [...workflow.stages]
    .sort((a, b) => a.position - b.position)
    .map((stage, index) => ({
      id: stage.id,
      number: index + 1,
      name: stage.name,
      talents: talents.get(stage.id) ?? 0,
      sequence: sequenceLabel(stage, sequenceNames),
    }));
}

/** The workspace's templates a project can take, by name. */
export function templatesOf<W extends Pick<WorkflowRow, "assigned_to" | "name" | "id">>(workflows: readonly W[]): W[] {
  return workflows.filter((workflow) => workflow.assigned_to === "template").sort(byNameThenId);
}
