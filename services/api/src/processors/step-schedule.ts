import { DEFAULT_SENDING_LIMITS } from "@hirestream/contracts/credentials/limits.ts";
import type { SequenceContent, SequenceStep } from "@hirestream/contracts/sequences/events.ts";
import type { Run } from "@hirestream/domain/processor/processor-state.ts";
import { DAY_MS } from "@hirestream/domain/schedule/credential-slot.ts";
import type { SendRules } from "@hirestream/domain/schedule/send-rules.ts";
import { stepDueAt } from "@hirestream/domain/schedule/step-due-at.ts";
import { isWorkdayHourLabel, NO_WORKDAY_BOUND } from "@hirestream/domain/schedule/workday-hour.ts";
import { type Kysely, sql } from "kysely";

/** Why a step cannot be scheduled, as the payload's fail message shows it. */
export const scheduleMessages = {
  sequenceRemoved: "The sequence was removed",
  stepRemoved: (position: number) => `Step ${position} is no longer in the sequence`,
  windowNeverOpens: (position: number) => `Step ${position}'s workday hours never open`,
} as const;

/** The step's hours and the sequence's calendar, read on the run's clock (the candidate's or the sequence's). */
export function sendRulesOf(sequence: SequenceContent, step: SequenceStep, timeZone: string): SendRules {
  const hour = (label: string) => (isWorkdayHourLabel(label) ? label : NO_WORKDAY_BOUND);
  return {
    timeZone,
    workdayStart: hour(step.workdayStart),
    workdayEnd: hour(step.workdayEnd),
    allowSendWeekend: sequence.allowSendWeekend,
    allowSendHoliday: sequence.allowSendHoliday,
    holidayCountry: sequence.holidayCountry,
  };
}

/**
 * The credential's limits and every send booked for it from a day before `from` on, locked for
 * the rest of `trx` so two schedulers never hand out the same slot.
 */
async function credentialLoad(trx: Kysely<unknown>, credentialId: string, from: Date) {
  const { rows: limits } = await sql<{ daily_limit: number; min_gap_seconds: number }>`
    select daily_limit, min_gap_seconds from read.credentials where id = ${credentialId}`.execute(trx);
  await sql`select pg_advisory_xact_lock(hashtext(${`credential-send-slots:${credentialId}`}))`.execute(trx);
  const { rows } = await sql<{ due_at: Date }>`select due_at from credential_send_slots
    where credential_id = ${credentialId} and due_at > ${new Date(from.getTime() - DAY_MS)}`.execute(trx);
  const row = limits[0];
  return {
    limits: row ? { dailyLimit: row.daily_limit, minGapSeconds: row.min_gap_seconds } : DEFAULT_SENDING_LIMITS,
    booked: rows.map((slot) => new Date(slot.due_at)),
  };
}

export type StepSchedule =
  | { kind: "scheduled"; position: number; dueAt: Date; credentialId: string | null }
  | { kind: "failed"; position: number; failMessage: string };

/**
 * When the run's next step goes. `base` is when the previous step was sent, or the payload's Send
 * for the first. The credential's bookings are read in `trx`; the caller books the answer there.
 */
export async function scheduleNextStep(
  trx: Kysely<unknown>,
  run: Run,
  sequence: SequenceContent | null,
  base: Date,
  now: Date,
): Promise<StepSchedule> {
  const position = run.nextPosition;
  if (sequence === null) return { kind: "failed", position, failMessage: scheduleMessages.sequenceRemoved };
  const step = sequence.steps.find((candidate) => candidate.position === position);
  if (step === undefined) return { kind: "failed", position, failMessage: scheduleMessages.stepRemoved(position) };
  const rules = sendRulesOf(sequence, step, run.timeZone);
  const credential = step.providerId === null ? null : await credentialLoad(trx, step.providerId, base);
  const dueAt = stepDueAt({ base, delayMinutes: step.delay, rules, now, credential });
  if (dueAt === null) return { kind: "failed", position, failMessage: scheduleMessages.windowNeverOpens(position) };
  return { kind: "scheduled", position, dueAt, credentialId: step.providerId };
}

export async function bookCredentialSlot(
  trx: Kysely<unknown>,
  slot: { jobKey: string; credentialId: string; processorId: string; position: number; dueAt: Date },
): Promise<void> {
  await sql`insert into credential_send_slots (job_key, credential_id, processor_id, position, due_at)
    values (${slot.jobKey}, ${slot.credentialId}, ${slot.processorId}, ${slot.position}, ${slot.dueAt})
    on conflict (job_key) do nothing`.execute(trx);
}

/** A booked send that will not happen (the run paused, stopped or went another way) frees its slot. */
export async function freeCredentialSlot(db: Kysely<unknown>, jobKey: string): Promise<void> {
  await sql`delete from credential_send_slots where job_key = ${jobKey}`.execute(db);
}
