// What the analytics replay keeps of the event log: facts, each with its own time, from which
// every figure of the export (and of a Reports projection) is counted. Times are epoch
// milliseconds. How the figures are counted from the facts is written down in `aggregates.ts`.

/** What a member did, by the command they sent; the export has one column per activity, in this order. */
export const memberActivities = [
  "people_added",
  "candidates_added",
  "candidates_moved",
  "candidates_removed",
  "responses_set",
  "payloads_edited",
  "payloads_made_ready",
  "payloads_sent",
  "runs_paused",
  "runs_resumed",
  "projects_created",
  "sequences_created",
  "sequences_edited",
  "invitations_sent",
  "opt_outs_cleared",
] as const;
export type MemberActivity = (typeof memberActivities)[number];

/** What happened to one step's message; each at most once per message (a retried step is a new message). */
export const stepOutcomes = [
  "sent",
  "opened_by_person",
  "opened_by_machine",
  "replied",
  "bounced",
  "opted_out",
] as const;
export type StepOutcome = (typeof stepOutcomes)[number];

export type AnalyticsFact =
  /** A candidacy entered a stage: added to the project in it, or moved to it. */
  | { kind: "stage_entered"; workspaceId: string; projectId: string; candidacyId: string; stageId: string; at: number }
  /** A candidacy left a stage (moved on, or taken out of the project); `enteredAt` starts that stay. */
  | {
      kind: "stage_left";
      workspaceId: string;
      projectId: string;
      candidacyId: string;
      stageId: string;
      enteredAt: number;
      at: number;
    }
  /** One outcome of one step's message; `sentAt` is that message's, so outcomes count with their send. */
  | {
      kind: "step";
      outcome: StepOutcome;
      workspaceId: string;
      projectId: string;
      sequenceId: string;
      processorId: string;
      step: number;
      /** The message carried a tracking pixel. */
      tracked: boolean;
      sentAt: number;
      at: number;
    }
  /** A run's first message went (`contacted`), or its first reply came (`replied`, after a contact). */
  | {
      kind: "run";
      outcome: "contacted" | "replied";
      workspaceId: string;
      projectId: string;
      sequenceId: string;
      processorId: string;
      contactedAt: number;
      at: number;
    }
  /** A member's command; `projectId` when it touched one project. */
  | {
      kind: "activity";
      activity: MemberActivity;
      workspaceId: string;
      projectId: string | null;
      userId: string;
      at: number;
    };
