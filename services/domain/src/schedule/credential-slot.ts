const DAY = 86_400_000;

/** A credential's pace (API.md `daily_limit`, `min_gap_seconds`). */
export interface SendingLimits {
  /** Messages in any 24 hours. */
  dailyLimit: number;
  /** Seconds between two messages. */
  minGapSeconds: number;
}

function firstIndexAtOrAfter(sorted: readonly number[], time: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] ?? 0) < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

function countIn(sorted: readonly number[], from: number, to: number): number {
  return firstIndexAtOrAfter(sorted, to) - firstIndexAtOrAfter(sorted, from);
}

function fits(time: number, sends: readonly number[], limits: SendingLimits): boolean {
  const gap = limits.minGapSeconds * 1000;
  const near = firstIndexAtOrAfter(sends, time - gap + 1);
  if (near < sends.length && (sends[near] ?? 0) < time + gap) return false;
  // Only 24-hour windows holding `time` can overflow. Sliding one later drops earlier messages and
  // takes in later ones, so the fullest starts right after time - 24h or where a later message joins.
  const later = sends.slice(firstIndexAtOrAfter(sends, time + 1), firstIndexAtOrAfter(sends, time + DAY));
  const starts = [time - DAY + 1, ...later.map((send) => send - DAY + 1)];
  return starts.every((start) => countIn(sends, start, start + DAY) + 1 <= limits.dailyLimit);
}

/**
 * The first instant at or after `desired` at which one more message keeps the credential within
 * its limits, given every message it has sent or has been given a slot for (`taken`). A message
 * is moved later, never refused: the scheduler spreads sends rather than failing them.
 */
export function nextCredentialSlot(desired: Date, taken: readonly Date[], limits: SendingLimits): Date {
  const sends = taken.map((time) => time.getTime()).sort((a, b) => a - b);
  const gap = limits.minGapSeconds * 1000;
  // A limit is only released where a message stops being near (its gap) or leaves the day it counts in.
  const candidates = [
    desired.getTime(),
    ...sends.flatMap((send) => [send + gap, send + DAY]).filter((time) => time > desired.getTime()),
  ].sort((a, b) => a - b);
  const slot = candidates.find((time) => fits(time, sends, limits));
  // A day (or a gap) past the last message nothing is near: some candidate always fits.
  return new Date(slot ?? Math.max(desired.getTime(), (sends.at(-1) ?? 0) + Math.max(DAY, gap)));
}
