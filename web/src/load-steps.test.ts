import { expect, test } from "vitest";
import { markLoadStep, nextRowsRead } from "./load-steps.ts";

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a wait for the rows' next read ends at the next read, not at one before it, and at every read after the load's first", async () => {
  markLoadStep("rows-read");
  let reads = 0;
  void nextRowsRead().then(() => {
    reads += 1;
  });
  await settled();
  expect(reads).toBe(0);

  markLoadStep("rows-read");
  await settled();
  expect(reads).toBe(1);
});
