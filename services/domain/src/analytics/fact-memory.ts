import type { ProjectState } from "../project/project.decider.ts";
import type { WorkspaceState } from "../workspace/workspace.decider.ts";
import type { StepOutcome } from "./analytics-fact.ts";

// What the fact mapping must remember between events of different streams, keyed by the ids the
// events name (a candidacy, a run, a project…), so that a projection can keep the same entries as
// rows. The mapping changes it in place: a replay of a million events cannot copy maps per event.

/** The stay a candidacy is in: the stage and since when. */
export interface CandidacyMemory {
  workspaceId: string;
  projectId: string;
  stay: { stageId: string; since: number } | null;
}

export interface SentMessage {
  step: number;
  sentAt: number;
  tracked: boolean;
  /** The outcomes recorded for it already: each counts once per message. */
  outcomes: Set<StepOutcome>;
}

export interface RunMemory {
  workspaceId: string;
  projectId: string;
  sequenceId: string;
  /** Sent messages by Message-ID. */
  messages: Map<string, SentMessage>;
  /** The Message-ID of the last message sent, and of the last one sent per step. */
  lastMessageId: string | null;
  lastByStep: Map<number, string>;
  /** When the run's first message went; null before. */
  contactedAt: number | null;
  replied: boolean;
}

export interface WorkflowMemory {
  projectId: string | null;
  /** In the workflow's order. */
  stages: { id: string; name: string; position: number }[];
}

export interface SequenceMemory {
  workspaceId: string;
  name: string;
  /** Step names by position. */
  steps: Map<number, string>;
  removed: boolean;
}

export interface FactMemory {
  candidacies: Map<string, CandidacyMemory>;
  runs: Map<string, RunMemory>;
  /** What the export names things by, as the log stands at its end. */
  projects: Map<string, ProjectState>;
  workflows: Map<string, WorkflowMemory>;
  sequences: Map<string, SequenceMemory>;
  users: Map<string, { name: string; email: string }>;
  workspaces: Map<string, WorkspaceState>;
}

export function emptyFactMemory(): FactMemory {
  return {
    candidacies: new Map(),
    runs: new Map(),
    projects: new Map(),
    workflows: new Map(),
    sequences: new Map(),
    users: new Map(),
    workspaces: new Map(),
  };
}
