import { describe, expect, it } from "vitest";
import { makeWayFor, ScreenQueries } from "./screen-queries.ts";

/** Whether `promise` has settled once pending callbacks and timers of `ms` have run. */
async function settledWithin(promise: Promise<unknown>, ms = 20): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  return done;
}

describe("ScreenQueries", () => {
  it("holds a user's waiters until every query of theirs has ended, ended twice or not", async () => {
    const queries = new ScreenQueries();
    const first = queries.begin("ada");
    const second = queries.begin("ada");
    const waiting = queries.settled("ada", 60_000);
    first();
    first();
    expect(await settledWithin(waiting)).toBe(false);
    second();
    expect(await settledWithin(waiting)).toBe(true);
  });

  it("holds nobody for another user's query, nor anyone once none runs", async () => {
    const queries = new ScreenQueries();
    queries.begin("grace");
    expect(await settledWithin(queries.settled("ada", 60_000))).toBe(true);
    const ended = queries.begin("ada");
    ended();
    expect(await settledWithin(queries.settled("ada", 60_000))).toBe(true);
  });

  it("lets a waiter go after its longest wait, the query still running", async () => {
    const queries = new ScreenQueries();
    queries.begin("ada");
    expect(await settledWithin(queries.settled("ada", 10), 50)).toBe(true);
  });
});

describe("makeWayFor", () => {
  it("waits for the user's queries no longer than its budget in all, then not at all", async () => {
    const queries = new ScreenQueries();
    queries.begin("ada");
    const makeWay = makeWayFor(queries, "ada", 30);
    const first = makeWay();
    expect(await settledWithin(first, 5)).toBe(false);
    await first;
    // The budget is spent: a query still running holds it no more.
    expect(await settledWithin(makeWay(), 0)).toBe(true);
  });
});
