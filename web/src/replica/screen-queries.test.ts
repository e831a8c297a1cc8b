import { expect, test } from "vitest";
import type { Clock } from "./clock.ts";
import { ScreenQueries } from "./screen-queries.ts";

/** A clock whose timers run when the test says so. */
function steppedClock() {
  let now = 0;
  let timers: { at: number; callback: () => void }[] = [];
  const clock: Clock = {
    now: () => now,
    schedule(callback, delayMs) {
      const timer = { at: now + delayMs, callback };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
  };
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((t) => t.at <= now);
    timers = timers.filter((t) => t.at > now);
    for (const t of due) t.callback();
  };
  return { clock, advance };
}

/** Whether the promise has settled once pending microtasks ran. */
async function isSettled(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

test("with no screen query in flight, the sync goes on at once", async () => {
  const queries = new ScreenQueries({ clock: steppedClock().clock });
  expect(await isSettled(queries.settled())).toBe(true);
});

test("the sync waits until every screen query in flight is answered", async () => {
  const queries = new ScreenQueries({ clock: steppedClock().clock });
  const first = queries.begin();
  const second = queries.begin();
  const waiting = queries.settled();
  first();
  expect(await isSettled(waiting)).toBe(false);
  second();
  // Answered twice (an answer and then an abort) counts once.
  second();
  expect(await isSettled(waiting)).toBe(true);
});

test("a screen query that takes longer than the hold stops holding the sync back", async () => {
  const { clock, advance } = steppedClock();
  const queries = new ScreenQueries({ clock, holdMs: 5000 });
  queries.begin();
  const waiting = queries.settled();
  advance(4999);
  expect(await isSettled(waiting)).toBe(false);
  advance(1);
  expect(await isSettled(waiting)).toBe(true);
  expect(await isSettled(queries.settled())).toBe(true);
});
