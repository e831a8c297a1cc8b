import type { CandidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";
import type { ReplicaDb } from "../../../replica/replica-db.ts";

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

/**
 * Whether any of the rows has a run of its stage's sequence going. Read when a move is asked for,
 * from the movers' own payloads, rather than kept live with the board: a busy project's payloads
 * would be read whole at every opening and again at every write to them.
 */
export async function anyRunningSequence(db: ReplicaDb, rows: readonly CandidacyRow[]): Promise<boolean> {
  const projectIds = new Set(rows.map((row) => row.project_id));
  const payloads = await db.payloads
    .where("person_id")
    .anyOf([...new Set(rows.map((row) => row.person_id))])
    .toArray();
  const running = candidaciesWithSequence(payloads.filter((payload) => projectIds.has(payload.project_id)));
  return rows.some((row) => running.has(row.id));
}
