import { type ProcessorEvent, processorEvent } from "@hirestream/contracts/processors/events.ts";
import type { Run } from "@hirestream/domain/processor/processor-state.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { RecordedEvent } from "@hirestream/eventstore/event-store.ts";
import type { QueuedStep, QueueSteps } from "@hirestream/outreach/sequence-steps/step-queue.ts";
import type { Reaction } from "@hirestream/projector/reactions/reaction.ts";
import type { Transaction } from "kysely";
import type { Deps } from "../deps.ts";
import { currentSequence } from "../sequences/sequence-commands.ts";
import {
  activeSequences,
  type EngineCommandFor,
  readProcessors,
  runEngineCommandsTogether,
} from "./processor-batch.ts";
import { currentProcessor, engineContext, runProcessorCommand } from "./processor-commands.ts";
import {
  bookCredentialSlot,
  bookCredentialSlots,
  type CredentialSlot,
  credentialLoads,
  nextStepOf,
  planNextStep,
  scheduleNextStep,
} from "./step-schedule.ts";

/** The events after which a run may have a step to schedule, and the moment each one counts from. */
const SCHEDULING_EVENTS = ["PayloadApproved", "ProcessorResumed", "StepSent"] as const;

/** The event, parsed once, and its base; undefined for an event that schedules nothing. */
function schedulingEvent(recorded: RecordedEvent): { event: ProcessorEvent; base: Date } | undefined {
  const event = processorEvent.safeParse(recorded).data;
  if (event?.type === "StepSent") return { event, base: new Date(event.data.sentAt) };
  if (event?.type === "PayloadApproved" || event?.type === "ProcessorResumed")
    return { event, base: new Date(event.data.at) };
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
export function stepScheduleReaction(deps: Deps, queueSteps: QueueSteps): Reaction {
  const reaction: Reaction = {
    name: "step schedule",
    types: SCHEDULING_EVENTS,
    async react(recorded, trx) {
      const scheduling = schedulingEvent(recorded);
      if (scheduling === undefined) return;
      const { base } = scheduling;
      const { processorId } = scheduling.event.data;
      const state = await currentProcessor(deps, processorId);
      if (state.status !== "started") return;
      const run = state.run;
      if (run.status !== "sending" || run.nextPosition > run.totalSteps) return;
      if (run.scheduled !== null && run.scheduled.position === run.nextPosition) {
        // Scheduled before a crash undid the job's insert: queue the same job again.
        const { position, jobKey, dueAt } = run.scheduled;
        await queueSteps(trx, [{ job: { processorId, position, jobKey }, dueAt: new Date(dueAt) }]);
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
      await queueSteps(trx, [{ job: { processorId, position, jobKey }, dueAt }]);
    },
    reactBatch: (events, trx) => scheduleTogether(deps, queueSteps, events, trx, (event) => reaction.react(event, trx)),
  };
  return reaction;
}

/**
 * `react` for a batch of events: each run's first event in the batch schedules as `react` would
 * (the later ones find it scheduled), from one read of the runs, one of each credential's load, one
 * append for every run, one insert of the bookings and one of the jobs. A run whose append does not
 * go in (it moved on meanwhile) goes through `react` alone, after the batch's bookings are in.
 */
async function scheduleTogether(
  deps: Deps,
  queueSteps: QueueSteps,
  events: readonly RecordedEvent[],
  trx: Transaction<unknown>,
  reactAlone: (event: RecordedEvent) => Promise<void>,
): Promise<void> {
  const firsts = new Map<string, { recorded: RecordedEvent; base: Date }>();
  for (const recorded of events) {
    const scheduling = schedulingEvent(recorded);
    if (scheduling === undefined || firsts.has(scheduling.event.data.processorId)) continue;
    firsts.set(scheduling.event.data.processorId, { recorded, base: scheduling.base });
  }
  const reads = await readProcessors(deps, [...firsts.keys()]);
  const jobs: QueuedStep[] = [];
  const pending: { recorded: RecordedEvent; base: Date; run: Run }[] = [];
  for (const [processorId, { recorded, base }] of firsts) {
    const state = reads.get(processorId)?.state;
    if (state?.status !== "started") continue;
    const run = state.run;
    if (run.status !== "sending" || run.nextPosition > run.totalSteps) continue;
    if (run.scheduled !== null && run.scheduled.position === run.nextPosition) {
      const { position, jobKey, dueAt } = run.scheduled;
      jobs.push({ job: { processorId, position, jobKey }, dueAt: new Date(dueAt) });
    } else pending.push({ recorded, base, run });
  }
  const sequences = await activeSequences(
    deps,
    pending.map(({ run }) => run.sequenceId),
  );
  const nexts = pending.map((item) => ({
    ...item,
    next: nextStepOf(item.run, sequences.get(item.run.sequenceId) ?? null),
  }));
  const credentialIds = nexts.flatMap(({ next }) =>
    next.kind === "step" && next.step.providerId ? [next.step.providerId] : [],
  );
  const earliest = new Date(Math.min(...pending.map(({ base }) => base.getTime())));
  const loads = await credentialLoads(trx, credentialIds, earliest);
  const now = deps.clock();
  const commands: EngineCommandFor[] = [];
  const planned = new Map<string, { recorded: RecordedEvent; slot: CredentialSlot | null; job: QueuedStep }>();
  for (const { recorded, base, run, next } of nexts) {
    const { processorId } = run;
    const commandId = scopedId(recorded.id, "schedule-step");
    const load = next.kind === "step" && next.step.providerId ? (loads.get(next.step.providerId) ?? null) : null;
    const schedule = next.kind === "failed" ? next : planNextStep(run, next.sequence, next.step, base, now, load);
    if (schedule.kind === "failed") {
      const { position, failMessage } = schedule;
      commands.push({ processorId, command: { type: "RecordStepFailed", data: { position, failMessage } }, commandId });
      continue;
    }
    const { position, dueAt, credentialId } = schedule;
    const jobKey = scopedId(recorded.id, "step-job");
    // Later runs of the batch on the same credential see this send as booked.
    load?.booked.push(dueAt);
    commands.push({
      processorId,
      command: { type: "ScheduleStep", data: { position, dueAt: dueAt.toISOString(), jobKey } },
      commandId,
    });
    planned.set(processorId, {
      recorded,
      slot: credentialId === null ? null : { jobKey, credentialId, processorId, position, dueAt },
      job: { job: { processorId, position, jobKey }, dueAt },
    });
  }
  const { done, rest } = await runEngineCommandsTogether(deps, reads, commands);
  const slots: CredentialSlot[] = [];
  for (const processorId of done.keys()) {
    const plan = planned.get(processorId);
    if (plan === undefined) continue;
    if (plan.slot !== null) slots.push(plan.slot);
    jobs.push(plan.job);
  }
  await bookCredentialSlots(trx, slots);
  await queueSteps(trx, jobs);
  for (const { processorId } of rest) {
    const first = firsts.get(processorId);
    if (first !== undefined) await reactAlone(first.recorded);
  }
}
