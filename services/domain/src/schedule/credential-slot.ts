import type { SendingLimits } from "@hirestream/contracts/credentials/limits.ts";

/** The rolling window a credential's daily limit counts over. */
export const DAY_MS = 86_400_000;

/** Index of the first element of `sorted` that is ≥ `value`. */
function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? Number.POSITIVE_INFINITY) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** How many of `sorted` fall in [from, to). */
function countIn(sorted: readonly number[], from: number, to: number): number {
  return lowerBound(sorted, to) - lowerBound(sorted, from);
}

function fits(sends: readonly number[], instant: number, gapMs: number, dailyLimit: number): boolean {
  const next = lowerBound(sends, instant);
  const before = sends[next - 1];
  const after = sends[next];
  if (before !== undefined && instant - before < gapMs) return false;
  if (after !== undefined && after - instant < gapMs) return false;
  // The fullest 24-hour window holding `instant` either ends just after it or starts right where a
  // later send comes into reach; between those, windows only lose sends.
  let fullest = countIn(sends, instant - DAY_MS + 1, instant + 1);
  for (let index = next; index < sends.length; index++) {
    const send = sends[index] ?? Number.POSITIVE_INFINITY;
    if (send >= instant + DAY_MS) break;
    fullest = Math.max(fullest, countIn(sends, send - DAY_MS + 1, send + 1));
  }
  return fullest < dailyLimit;
}

/**
 * The earliest instant at or after `desired` at which one credential may send again: at least
 * `minGapSeconds` away from each of its other sends and reservations (`sentAt`, past and future
 * alike), and with no 24-hour window holding more than `dailyLimit` sends once it is
 * added. A send is never refused, only moved later. A daily limit below 1 counts as 1.
 */
export function nextCredentialSlot(desired: Date, sentAt: readonly Date[], limits: SendingLimits): Date {
  const sends = sentAt.map((date) => date.getTime()).sort((a, b) => a - b);
  const gapMs = Math.max(0, limits.minGapSeconds) * 1000;
  const dailyLimit = Math.max(1, limits.dailyLimit);
  const start = desired.getTime();
  // The answer is `desired` or a moment where a constraint lets go: a gap after some send ends, or
  // a send leaves the 24 hours behind. Both kinds come in order from the sorted sends, so they are
  // merged rather than sorted. After the last send plus a day and a gap, everything fits.
  if (fits(sends, start, gapMs, dailyLimit)) return new Date(start);
  let gapEnd = lowerBound(sends, start - gapMs + 1);
  let dayEnd = lowerBound(sends, start - DAY_MS + 1);
  while (gapEnd < sends.length || dayEnd < sends.length) {
    const afterGap = (sends[gapEnd] ?? Number.POSITIVE_INFINITY) + gapMs;
    const afterDay = (sends[dayEnd] ?? Number.POSITIVE_INFINITY) + DAY_MS;
    const candidate = Math.min(afterGap, afterDay);
    if (afterGap <= afterDay) gapEnd++;
    else dayEnd++;
    if (fits(sends, candidate, gapMs, dailyLimit)) return new Date(candidate);
  }
  // Not reached: the last send plus a day (or plus the gap, if longer) is always a candidate that fits.
  const last = sends.at(-1) ?? start;
  return new Date(Math.max(start, last + Math.max(gapMs, DAY_MS)));
}
