import type { DomainEvent } from "@hirestream/contracts/events.ts";
import type { AnalyticsFact } from "@hirestream/domain/analytics/analytics-fact.ts";
import { emptyFactMemory } from "@hirestream/domain/analytics/fact-memory.ts";
import { factsOf } from "@hirestream/domain/analytics/facts-of.ts";
import { z } from "zod";
import type { Projection, RowKey } from "../projection.ts";
import { candidacyJson, candidacyMemoryId, memoryJson, remember, runJson, runMemoryId } from "./analytics-memory.ts";
import { countStageFunnel, stageFunnelTables } from "./stage-funnel-counters.ts";

/**
 * One row of the Reports read model: a fact of the analytics mapping (stage_entered, stage_left,
 * step, run), or (`memory`) what the mapping remembers of one candidacy or run. `subject_id` is the
 * candidacy or the run; `started_at` the time that starts a fact's cohort (the stay entered, the
 * message sent, the run contacted), `happened_at` its own.
 */
export const analyticsFactRow = z.object({
  id: z.string(),
  workspace_id: z.uuid(),
  kind: z.enum(["stage_entered", "stage_left", "step", "run", "memory"]),
  project_id: z.uuid().nullable(),
  subject_id: z.uuid().nullable(),
  stage_id: z.uuid().nullable(),
  sequence_id: z.uuid().nullable(),
  step: z.number().int().nullable(),
  outcome: z.string().nullable(),
  tracked: z.boolean().nullable(),
  started_at: z.number().nullable(),
  happened_at: z.number().nullable(),
  position: z.number().nullable(),
  memory: memoryJson.nullable(),
});
export type AnalyticsFactRow = z.infer<typeof analyticsFactRow>;

const noFact = {
  project_id: null,
  subject_id: null,
  stage_id: null,
  sequence_id: null,
  step: null,
  outcome: null,
  tracked: null,
  started_at: null,
  happened_at: null,
  position: null,
  memory: null,
} as const;

/** The memory row an event reads and writes: the candidacy's or the run's it concerns. */
function subjectOf(event: DomainEvent): { kind: "candidacy" | "run"; id: string } | null {
  switch (event.type) {
    case "CandidacyAdded":
    case "CandidacyMoved":
    case "CandidacyRemoved":
      return { kind: "candidacy", id: event.data.candidacyId };
    case "ProcessorStarted":
    case "StepSent":
    case "MessageOpened":
    case "ReplyReceived":
    case "StepBounced":
      return { kind: "run", id: event.data.processorId };
    case "AddressOptedOut":
      return event.data.processorId ? { kind: "run", id: event.data.processorId } : null;
    default:
      return null;
  }
}

const memoryIdOf = (subject: { kind: "candidacy" | "run"; id: string }) =>
  subject.kind === "candidacy" ? candidacyMemoryId(subject.id) : runMemoryId(subject.id);

function factRow(fact: AnalyticsFact, id: string, position: number): AnalyticsFactRow | null {
  const base = { ...noFact, id, workspace_id: fact.workspaceId, project_id: fact.projectId, position };
  switch (fact.kind) {
    case "stage_entered":
      return { ...base, kind: fact.kind, subject_id: fact.candidacyId, stage_id: fact.stageId, happened_at: fact.at };
    case "stage_left":
      return {
        ...base,
        kind: fact.kind,
        subject_id: fact.candidacyId,
        stage_id: fact.stageId,
        started_at: fact.enteredAt,
        happened_at: fact.at,
      };
    case "step":
      return {
        ...base,
        kind: fact.kind,
        subject_id: fact.processorId,
        sequence_id: fact.sequenceId,
        step: fact.step,
        outcome: fact.outcome,
        tracked: fact.tracked,
        started_at: fact.sentAt,
        happened_at: fact.at,
      };
    case "run":
      return {
        ...base,
        kind: fact.kind,
        subject_id: fact.processorId,
        sequence_id: fact.sequenceId,
        outcome: fact.outcome,
        started_at: fact.contactedAt,
        happened_at: fact.at,
      };
    case "activity":
      // Member activity is the export's alone: no report shows it.
      return null;
  }
}

/**
 * The Reports read model: every event that makes stage, step or run facts goes through the same
 * mapping as the analytics export (`factsOf`), with the memory of its candidacy or run loaded from
 * and written back to this table, so the Reports count what the export counts. Not synced.
 */
export const analyticsFactsProjection: Projection<AnalyticsFactRow> = {
  table: "analytics_facts",
  row: analyticsFactRow,
  entity: null,
  keys(event): RowKey[] {
    const subject = subjectOf(event);
    return subject ? [{ column: "id", value: memoryIdOf(subject) }] : [];
  },
  apply(rows, event, { position, occurredAt, actorId }) {
    const subject = subjectOf(event);
    if (!subject) return;
    const memoryId = memoryIdOf(subject);
    const memory = emptyFactMemory();
    const remembered = rows.get(memoryId)?.memory;
    if (remembered) remember(memory, subject.id, remembered);
    const facts = factsOf(memory, { event, actorId, occurredAt });
    for (const [index, fact] of facts.entries()) {
      const row = factRow(fact, `${position}:${index}`, position);
      if (row) rows.put(row);
    }
    const candidacy = subject.kind === "candidacy" ? memory.candidacies.get(subject.id) : undefined;
    const run = subject.kind === "run" ? memory.runs.get(subject.id) : undefined;
    const json = candidacy ? candidacyJson(candidacy) : run ? runJson(run) : null;
    if (json)
      rows.put({
        ...noFact,
        id: memoryId,
        workspace_id: json.workspaceId,
        kind: "memory",
        subject_id: subject.id,
        project_id: json.projectId,
        memory: json,
      });
  },
  scopes: () => [],
  toClient: (row) => row,
  written: countStageFunnel,
  tables: stageFunnelTables,
};
