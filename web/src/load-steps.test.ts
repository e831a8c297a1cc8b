import { expect, test } from "vitest";
import { loadHasReached, loadReached, markLoadStep, nextRowsShown } from "./load-steps.ts";

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a wait for a list to show rows ends the next time one does, not at a time before, and also after the load's first", async () => {
  markLoadStep("rows-shown");
  let reads = 0;
  void nextRowsShown().then(() => {
    reads += 1;
  });
  await settled();
  expect(reads).toBe(0);

  markLoadStep("rows-shown");
  await settled();
  expect(reads).toBe(1);
});

test("a wait for a step of the load ends when the load first reaches it, and at once afterwards", async () => {
  const reached: string[] = [];
  void loadReached("caught-up").then(() => reached.push("before"));
  await settled();
  expect(reached).toEqual([]);
  expect(loadHasReached("caught-up")).toBe(false);

  markLoadStep("caught-up");
  expect(loadHasReached("caught-up")).toBe(true);
  await settled();
  expect(reached).toEqual(["before"]);

  void loadReached("caught-up").then(() => reached.push("after"));
  await settled();
  expect(reached).toEqual(["before", "after"]);
});

test("a wait for a list to show rows also ends when a list shows that it has none", async () => {
  let waits = 0;
  void nextRowsShown().then(() => {
    waits += 1;
  });
  await settled();
  expect(waits).toBe(0);

  markLoadStep("empty-shown");
  await settled();
  expect(waits).toBe(1);
});
