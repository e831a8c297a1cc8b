import type { QueueSteps } from "@hirestream/outreach/sequence-steps/step-queue.ts";
import type { Reaction } from "@hirestream/projector/reactions/reaction.ts";
import { passwordResetMail } from "../auth/password-reset-mail.ts";
import type { Deps } from "../deps.ts";
import { invitationMail } from "../invitations/invitation-mail.ts";
import { optOutReaction } from "../opt-outs/opt-out-reaction.ts";
import { onResponseReaction } from "../processors/on-response-reaction.ts";
import { processorStartReaction } from "../processors/processor-start-reaction.ts";
import { stepScheduleReaction } from "../processors/step-schedule-reaction.ts";
import { workflowCopyReaction } from "../workflows/workflow-copy-reaction.ts";
import type { QueueMail } from "./queue-mail.ts";

/** Every side effect of the API's commands, done as a reaction to the events they store. */
export function apiReactions(deps: Deps, queueMail: QueueMail): Reaction[] {
  return [
    invitationMail(deps, queueMail),
    passwordResetMail(deps, queueMail),
    workflowCopyReaction(deps),
    processorStartReaction(deps),
    onResponseReaction(deps),
    optOutReaction(deps),
  ];
}

/**
 * The reactor that schedules sequence steps: its reaction takes a batch at a time (reads of 3,000
 * events, about a thousand runs), and its writes are idempotent, so should a batch be refused it
 * goes event by event.
 */
export const OUTREACH_REACTOR = { name: "outreach", batchSize: 3000 } as const;

/** The reactions of the outreach reactor: the steps of runs whose payload was sent. */
export function outreachReactions(deps: Deps, queueSteps: QueueSteps): Reaction[] {
  return [stepScheduleReaction(deps, queueSteps)];
}
