import { stepOutcomes } from "@hirestream/domain/analytics/analytics-fact.ts";
import type { CandidacyMemory, FactMemory, RunMemory } from "@hirestream/domain/analytics/fact-memory.ts";
import { z } from "zod";

// The fact mapping's memory of one candidacy or one run, as the JSON a row of the analytics read
// model keeps: maps and sets as arrays, written back after each event exactly as the mapping left it.

const candidacyMemoryJson = z.object({
  kind: z.literal("candidacy"),
  workspaceId: z.uuid(),
  projectId: z.uuid(),
  stay: z.object({ stageId: z.uuid(), since: z.number() }).nullable(),
});

const runMemoryJson = z.object({
  kind: z.literal("run"),
  workspaceId: z.uuid(),
  projectId: z.uuid(),
  sequenceId: z.uuid(),
  messages: z.array(
    z.object({
      messageId: z.string(),
      step: z.number().int(),
      sentAt: z.number(),
      tracked: z.boolean(),
      outcomes: z.array(z.enum(stepOutcomes)),
    }),
  ),
  lastMessageId: z.string().nullable(),
  lastByStep: z.array(z.tuple([z.number().int(), z.string()])),
  contactedAt: z.number().nullable(),
  replied: z.boolean(),
});

export const memoryJson = z.discriminatedUnion("kind", [candidacyMemoryJson, runMemoryJson]);
export type MemoryJson = z.infer<typeof memoryJson>;

export const candidacyMemoryId = (candidacyId: string) => `candidacy:${candidacyId}`;
export const runMemoryId = (processorId: string) => `run:${processorId}`;

/** Puts a row's memory back into the mapping's memory, under the id it remembers. */
export function remember(memory: FactMemory, subjectId: string, json: MemoryJson): void {
  if (json.kind === "candidacy") {
    const { workspaceId, projectId, stay } = json;
    memory.candidacies.set(subjectId, { workspaceId, projectId, stay });
    return;
  }
  memory.runs.set(subjectId, {
    workspaceId: json.workspaceId,
    projectId: json.projectId,
    sequenceId: json.sequenceId,
    messages: new Map(
      json.messages.map(({ messageId, outcomes, ...message }) => [
        messageId,
        { ...message, outcomes: new Set(outcomes) },
      ]),
    ),
    lastMessageId: json.lastMessageId,
    lastByStep: new Map(json.lastByStep),
    contactedAt: json.contactedAt,
    replied: json.replied,
  });
}

export function candidacyJson(candidacy: CandidacyMemory): MemoryJson {
  return { kind: "candidacy", ...candidacy };
}

export function runJson(run: RunMemory): MemoryJson {
  return {
    kind: "run",
    workspaceId: run.workspaceId,
    projectId: run.projectId,
    sequenceId: run.sequenceId,
    messages: [...run.messages].map(([messageId, { step, sentAt, tracked, outcomes }]) => ({
      messageId,
      step,
      sentAt,
      tracked,
      outcomes: [...outcomes],
    })),
    lastMessageId: run.lastMessageId,
    lastByStep: [...run.lastByStep],
    contactedAt: run.contactedAt,
    replied: run.replied,
  };
}
