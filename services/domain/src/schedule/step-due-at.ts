import type { SendingLimits } from "@hirestream/contracts/credentials/limits.ts";
import { nextCredentialSlot } from "./credential-slot.ts";
import { nextSendTime } from "./next-send-time.ts";
import type { SendRules } from "./send-rules.ts";

/** Window and credential each push a send later; they agree within a few rounds on any real calendar. */
const MAX_ROUNDS = 1000;

export interface StepTiming {
  /** When the previous step was sent; for the first step, when the payload was sent (event_send). */
  base: Date;
  delayMinutes: number;
  rules: SendRules;
  /** Nothing is scheduled in the past: a step whose time went by while paused goes at the next open moment. */
  now: Date;
  /** The credential's other sends, past and booked; with its limits. Null when the step has no credential. */
  credential: { booked: readonly Date[]; limits: SendingLimits } | null;
}

/**
 * The instant a step is scheduled for: its delay after `base`, not before `now`, inside the step's
 * workday window on an allowed date of the sequence's calendar, and at a moment its credential may
 * send (the minimum gap and the daily limit kept): a busy credential moves the step later, it does
 * not fail it. Null when the window never opens.
 */
export function stepDueAt(timing: StepTiming): Date | null {
  const { base, delayMinutes, rules, now, credential } = timing;
  let due = nextSendTime(base, delayMinutes, rules);
  if (due !== null && due.getTime() < now.getTime()) due = nextSendTime(now, 0, rules);
  if (due === null || credential === null) return due;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const slot = nextCredentialSlot(due, credential.booked, credential.limits);
    if (slot.getTime() === due.getTime()) return due;
    due = nextSendTime(slot, 0, rules);
    if (due === null) return null;
  }
  return due;
}
