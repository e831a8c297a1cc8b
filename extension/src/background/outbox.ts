// The adds waiting to be sent, and what became of those sent: kept in the extension's storage so
// that no add is lost when the network, the server or the worker itself goes away.
import { profileAddedMeta, profileAttributes } from "@hirestream/contracts/people/from-profile.ts";
import { z } from "zod";
import type { AddAnswer } from "./add-answer.ts";

export const FIRST_RETRY_MS = 30_000;
export const LONGEST_RETRY_MS = 30 * 60_000;
/** Finished adds kept for the panel to show, newest first. */
export const FINISHED_KEPT = 50;

export const addTarget = z.object({
  workspace_name: z.string(),
  project_name: z.string(),
  stage_name: z.string(),
});

const addState = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("waiting"),
    attempts: z.number().int().nonnegative(),
    next_attempt_at: z.number(),
    reason: z.string().nullable(),
  }),
  z.object({ status: z.literal("signed_out") }),
  z.object({ status: z.literal("added"), meta: profileAddedMeta, finished_at: z.number() }),
  z.object({ status: z.literal("refused"), detail: z.string(), finished_at: z.number() }),
]);

export const queuedAdd = z.object({
  /** Also the Idempotency-Key: sending it again can never add the person twice. */
  id: z.uuid(),
  /** The profile's normalised address, by which the panel finds its add. */
  profile: z.string(),
  attributes: profileAttributes,
  /** Names of where the person goes, for the panel's words; absent for the talent pool. */
  target: addTarget.optional(),
  created_at: z.number(),
  state: addState,
});
export type QueuedAdd = z.infer<typeof queuedAdd>;
export const outbox = z.array(queuedAdd);
export type Outbox = QueuedAdd[];

/** Reads what storage holds; anything unreadable (an older extension's shape) is dropped, not thrown. */
export function readOutbox(value: unknown): Outbox {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = queuedAdd.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function enqueue(box: Outbox, add: Omit<QueuedAdd, "state" | "created_at">, now: number): Outbox {
  return [
    ...box,
    { ...add, created_at: now, state: { status: "waiting", attempts: 0, next_attempt_at: now, reason: null } },
  ];
}

/** The adds to send now. */
export function dueAdds(box: Outbox, now: number): QueuedAdd[] {
  return box.filter((add) => add.state.status === "waiting" && add.state.next_attempt_at <= now);
}

/** How long after the n-th failed attempt (1-based) to try again: doubling from 30 s, at most 30 min. */
export function retryDelay(attempts: number, retryAfterSeconds: number | null): number {
  const backoff = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
}

function keepRecentFinished(box: Outbox): Outbox {
  const finished = box
    .filter((add) => add.state.status === "added" || add.state.status === "refused")
    .sort((a, b) => finishedAt(b) - finishedAt(a))
    .slice(FINISHED_KEPT);
  return finished.length === 0 ? box : box.filter((add) => !finished.includes(add));
}

function finishedAt(add: QueuedAdd): number {
  return "finished_at" in add.state ? add.state.finished_at : 0;
}

/** Records what the answer to an add means; the add stays unless it is finished. */
export function settle(box: Outbox, id: string, answer: AddAnswer, now: number): Outbox {
  const next = box.map((add): QueuedAdd => {
    if (add.id !== id) return add;
    switch (answer.kind) {
      case "added":
        return { ...add, state: { status: "added", meta: answer.meta, finished_at: now } };
      case "refused":
        return { ...add, state: { status: "refused", detail: answer.detail, finished_at: now } };
      case "signed_out":
        return { ...add, state: { status: "signed_out" } };
      case "retry": {
        const attempts = (add.state.status === "waiting" ? add.state.attempts : 0) + 1;
        return {
          ...add,
          state: {
            status: "waiting",
            attempts,
            next_attempt_at: now + retryDelay(attempts, answer.retryAfterSeconds),
            reason: answer.reason,
          },
        };
      }
      default: {
        const unknown: never = answer;
        return unknown;
      }
    }
  });
  return keepRecentFinished(next);
}

/** A new session: the adds that waited for one are sent now. */
export function resumeSignedOut(box: Outbox, now: number): Outbox {
  return box.map((add) =>
    add.state.status === "signed_out"
      ? { ...add, state: { status: "waiting", attempts: 0, next_attempt_at: now, reason: null } }
      : add,
  );
}

/** When the next waiting add is due, or null when none waits. */
export function nextWake(box: Outbox): number | null {
  const times = box.flatMap((add) => (add.state.status === "waiting" ? [add.state.next_attempt_at] : []));
  return times.length === 0 ? null : Math.min(...times);
}

/** The latest add of a profile, for its page's panel. */
export function latestAddOf(box: Outbox, profile: string): QueuedAdd | null {
  return box.filter((add) => add.profile === profile).sort((a, b) => b.created_at - a.created_at)[0] ?? null;
}
