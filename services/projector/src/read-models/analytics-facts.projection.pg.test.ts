import type { DomainEvent } from "@hirestream/contracts/events.ts";
import { emptyFactMemory } from "@hirestream/domain/analytics/fact-memory.ts";
import { factsOf } from "@hirestream/domain/analytics/facts-of.ts";
import { at, everyEvent, ids } from "@hirestream/domain/analytics/testing/every-event.ts";
import { expect, it } from "vitest";
import { readModelHarness } from "../testing/read-model-harness.ts";
import { analyticsFactRow } from "./analytics-facts.projection.ts";

const { given, projected } = readModelHarness();

// A candidacy's stays and a run's messages, each event a command of its own, so that the memory
// the mapping needs must come back from the table between batches.
const history: DomainEvent[] = [
  everyEvent.CandidacyAdded,
  everyEvent.CandidacyMoved,
  everyEvent.ProcessorStarted,
  everyEvent.StepSent,
  everyEvent.MessageOpened,
  everyEvent.ReplyReceived,
  everyEvent.StepBounced,
  everyEvent.AddressOptedOut,
  everyEvent.CandidacyRemoved,
];

interface FactRow {
  kind: string;
  subject_id: string | null;
  stage_id: string | null;
  step: number | null;
  outcome: string | null;
  started_at: number | null;
  happened_at: number | null;
}

const essentials = (rows: unknown[]): FactRow[] =>
  analyticsFactRow
    .array()
    .parse(rows)
    .filter((row) => row.kind !== "memory")
    .map(({ kind, subject_id, stage_id, step, outcome, started_at, happened_at }) => ({
      kind,
      subject_id,
      stage_id,
      step,
      outcome,
      started_at,
      happened_at,
    }));

it("keeps the facts the export's mapping makes of the same events, whatever the batches", async () => {
  for (const event of history) await given(`analytics-${event.type}`, at, [event], ids.user);

  // The reference: the mapping over the whole history in one memory, as the export replays it.
  const memory = emptyFactMemory();
  const expected = history
    .flatMap((event) => factsOf(memory, { event, actorId: ids.user, occurredAt: at }))
    .flatMap((fact): FactRow[] => {
      switch (fact.kind) {
        case "stage_entered":
        case "stage_left":
          return [
            {
              kind: fact.kind,
              subject_id: fact.candidacyId,
              stage_id: fact.stageId,
              step: null,
              outcome: null,
              started_at: fact.kind === "stage_left" ? fact.enteredAt : null,
              happened_at: fact.at,
            },
          ];
        case "step":
          return [
            {
              kind: fact.kind,
              subject_id: fact.processorId,
              stage_id: null,
              step: fact.step,
              outcome: fact.outcome,
              started_at: fact.sentAt,
              happened_at: fact.at,
            },
          ];
        case "run":
          return [
            {
              kind: fact.kind,
              subject_id: fact.processorId,
              stage_id: null,
              step: null,
              outcome: fact.outcome,
              started_at: fact.contactedAt,
              happened_at: fact.at,
            },
          ];
        default:
          return [];
      }
    });
  const sorted = (rows: FactRow[]) => rows.map((row) => JSON.stringify(row)).sort();
  // Two stays, a message sent, opened, replied, bounced and opted out, a run contacted and replied.
  expect(expected.filter((row) => row.kind === "step").map((row) => row.outcome)).toEqual([
    "sent",
    "opened_by_person",
    "replied",
    "bounced",
    "opted_out",
  ]);

  const oneByOne = await projected(1);
  expect(sorted(essentials(oneByOne.analytics_facts ?? []))).toEqual(sorted(expected));
  const together = await projected(100);
  expect(together.analytics_facts).toEqual(oneByOne.analytics_facts);
  // The memory rows: the candidacy's (out of the project: no stay) and the run's.
  const memories = analyticsFactRow
    .array()
    .parse(oneByOne.analytics_facts)
    .filter((row) => row.kind === "memory");
  expect(memories.map((row) => row.id).sort()).toEqual([`candidacy:${ids.candidacy}`, `run:${ids.processor}`]);
});
