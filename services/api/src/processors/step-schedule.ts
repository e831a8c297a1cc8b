import { DEFAULT_SENDING_LIMITS, type SendingLimits } from "@hirestream/contracts/credentials/limits.ts";
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

/** A credential's limits, and its sends booked from a day before the earliest step being scheduled on. */
export interface CredentialLoad {
  limits: SendingLimits;
  booked: Date[];
}

/**
 * The credentials' limits and every send booked for them from a day before `from` on, locked for
 * the rest of `trx` so two schedulers never hand out the same slot. Locks are taken in one order
 * (by id), so two schedulers locking several never wait on each other in a circle.
 */
export async function credentialLoads(
  trx: Kysely<unknown>,
  credentialIds: readonly string[],
  from: Date,
): Promise<Map<string, CredentialLoad>> {
  const ids = [...new Set(credentialIds)].sort();
  const loads = new Map<string, CredentialLoad>();
  if (ids.length === 0) return loads;
  const { rows: limits } = await sql<{ id: string; daily_limit: number; min_gap_seconds: number }>`
    select id, daily_limit, min_gap_seconds from read.credentials where id = any(${ids}::uuid[])`.execute(trx);
  // One statement, the locks taken in the order of the sorted keys.
  await sql`select pg_advisory_xact_lock(hashtext(key)) from (
      select key from unnest(${ids.map((id) => `credential-send-slots:${id}`)}::text[]) as key order by key
    ) sorted`.execute(trx);
  const { rows } = await sql<{ credential_id: string; due_at: Date }>`select credential_id, due_at
    from credential_send_slots
    where credential_id = any(${ids}::uuid[]) and due_at > ${new Date(from.getTime() - DAY_MS)}`.execute(trx);
  for (const id of ids) {
    const row = limits.find((limit) => limit.id === id);
    loads.set(id, {
      limits: row ? { dailyLimit: row.daily_limit, minGapSeconds: row.min_gap_seconds } : DEFAULT_SENDING_LIMITS,
      booked: [],
    });
  }
  for (const row of rows) loads.get(row.credential_id)?.booked.push(new Date(row.due_at));
  return loads;
}

export type StepSchedule =
  | { kind: "scheduled"; position: number; dueAt: Date; credentialId: string | null }
  | { kind: "failed"; position: number; failMessage: string };

/** The step the run sends next, or why there is none to schedule. */
export function nextStepOf(
  run: Run,
  sequence: SequenceContent | null,
): { kind: "step"; sequence: SequenceContent; step: SequenceStep } | Extract<StepSchedule, { kind: "failed" }> {
  const position = run.nextPosition;
  if (sequence === null) return { kind: "failed", position, failMessage: scheduleMessages.sequenceRemoved };
  const step = sequence.steps.find((candidate) => candidate.position === position);
  if (step === undefined) return { kind: "failed", position, failMessage: scheduleMessages.stepRemoved(position) };
  return { kind: "step", sequence, step };
}

/**
 * When the run's next step goes, given its credential's load (pure). `base` is when the previous
 * step was sent, or the payload's Send for the first. The caller books the answer.
 */
export function planNextStep(
  run: Run,
  sequence: SequenceContent,
  step: SequenceStep,
  base: Date,
  now: Date,
  credential: CredentialLoad | null,
): StepSchedule {
  const position = run.nextPosition;
  const rules = sendRulesOf(sequence, step, run.timeZone);
  const dueAt = stepDueAt({ base, delayMinutes: step.delay, rules, now, credential });
  if (dueAt === null) return { kind: "failed", position, failMessage: scheduleMessages.windowNeverOpens(position) };
  return { kind: "scheduled", position, dueAt, credentialId: step.providerId };
}

/** `planNextStep` for one run, its credential's bookings read (and locked) in `trx`. */
export async function scheduleNextStep(
  trx: Kysely<unknown>,
  run: Run,
  sequence: SequenceContent | null,
  base: Date,
  now: Date,
): Promise<StepSchedule> {
  const next = nextStepOf(run, sequence);
  if (next.kind === "failed") return next;
  const { providerId } = next.step;
  const credential =
    providerId === null ? null : ((await credentialLoads(trx, [providerId], base)).get(providerId) ?? null);
  return planNextStep(run, next.sequence, next.step, base, now, credential);
}

/** A booked send: the credential's slot for one step's job. */
export interface CredentialSlot {
  jobKey: string;
  credentialId: string;
  processorId: string;
  position: number;
  dueAt: Date;
}

export async function bookCredentialSlots(trx: Kysely<unknown>, slots: readonly CredentialSlot[]): Promise<void> {
  if (slots.length === 0) return;
  await sql`insert into credential_send_slots (job_key, credential_id, processor_id, position, due_at)
    select * from unnest(${slots.map((slot) => slot.jobKey)}::uuid[], ${slots.map((slot) => slot.credentialId)}::uuid[],
      ${slots.map((slot) => slot.processorId)}::uuid[], ${slots.map((slot) => slot.position)}::int[],
      ${slots.map((slot) => slot.dueAt)}::timestamptz[])
    on conflict (job_key) do nothing`.execute(trx);
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
