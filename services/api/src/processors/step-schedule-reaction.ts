import { processorEvent } from "@hirestream/contracts/processors/events.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { RecordedEvent } from "@hirestream/eventstore/event-store.ts";
import type { QueueStep } from "@hirestream/outreach/sequence-steps/step-queue.ts";
import type { Reaction } from "@hirestream/projector/reactions/reaction.ts";
import type { Deps } from "../deps.ts";
import { currentSequence } from "../sequences/sequence-commands.ts";
import { currentProcessor, engineContext, runProcessorCommand } from "./processor-commands.ts";
import { bookCredentialSlot, scheduleNextStep } from "./step-schedule.ts";

/** The events after which a run may have a step to schedule, and the moment each one counts from. */
const SCHEDULING_EVENTS = ["PayloadApproved", "ProcessorResumed", "StepSent"] as const;

function baseOf(event: RecordedEvent): Date | undefined {
  const parsed = processorEvent.safeParse(event).data;
  if (parsed?.type === "StepSent") return new Date(parsed.data.sentAt);
  if (parsed?.type === "PayloadApproved" || parsed?.type === "ProcessorResumed") return new Date(parsed.data.at);
  return undefined;
}

/**
 * DESIGN.md "projections drive pg-boss jobs": after a payload's Send, a resume, or a step sent,
 * the run's next step gets its time (the step's delay, its workday window, the sequence's calendar,
 * the credential's limits), a StepScheduled event and a job, queued and booked in the reactions'
 * transaction. It reads the run as it is now, not as it was at the event: a run paused, stopped or
 * replied since gets nothing. Ids come from the event, so a reaction run again after a crash
 * appends nothing new and re-queues the job it had already named.
 */
export function stepScheduleReaction(deps: Deps, queueStep: QueueStep): Reaction {
  return {
    name: "step schedule",
    types: SCHEDULING_EVENTS,
    async react(recorded, trx) {
      const base = baseOf(recorded);
      const event = processorEvent.safeParse(recorded).data;
      if (base === undefined || event === undefined) return;
      const { processorId } = event.data;
      const state = await currentProcessor(deps, processorId);
      if (state.status !== "started") return;
      const run = state.run;
      if (run.status !== "sending" || run.nextPosition > run.totalSteps) return;
      if (run.scheduled !== null && run.scheduled.position === run.nextPosition) {
        // Scheduled before a crash undid the job's insert: queue the same job again.
        const { position, jobKey, dueAt } = run.scheduled;
        await queueStep(trx, { processorId, position, jobKey }, new Date(dueAt));
        return;
      }
      const sequence = await currentSequence(deps, run.sequenceId);
      const schedule = await scheduleNextStep(
        trx,
        run,
        sequence.status === "active" ? sequence.sequence : null,
        base,
        deps.clock(),
      );
      const commandId = scopedId(recorded.id, "schedule-step");
      if (schedule.kind === "failed") {
        const { position, failMessage } = schedule;
        await runProcessorCommand(
          deps,
          processorId,
          { type: "RecordStepFailed", data: { position, failMessage } },
          commandId,
          engineContext(deps),
        );
        return;
      }
      const { position, dueAt, credentialId } = schedule;
      const jobKey = scopedId(recorded.id, "step-job");
      await runProcessorCommand(
        deps,
        processorId,
        { type: "ScheduleStep", data: { position, dueAt: dueAt.toISOString(), jobKey } },
        commandId,
        engineContext(deps),
      );
      if (credentialId !== null) await bookCredentialSlot(trx, { jobKey, credentialId, processorId, position, dueAt });
      await queueStep(trx, { processorId, position, jobKey }, dueAt);
    },
  };
}
