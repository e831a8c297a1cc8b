import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";

/**
 * The candidacies with a run of their stage's sequence (spec §2: moving one asks first, and stops
 * it). A run is started when a candidate enters the stage and stopped, inactive, when they leave,
 * so every run not stopped belongs to the stage its candidate is in.
 */
export function candidaciesWithSequence(payloads: readonly Pick<PayloadRow, "project_person_id" | "processor">[]) {
  return new Set(
    payloads.filter((payload) => payload.processor.status !== "inactive").map((payload) => payload.project_person_id),
  );
}
