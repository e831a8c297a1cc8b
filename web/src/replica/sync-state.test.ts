import { expect, test } from "vitest";
import { catchUpAfter } from "./sync-state.ts";

const catchUp = { coming: ["user:a", "ws:b", "proj:c"], unframed: ["user:a", "ws:b", "proj:c"] };

test("a catch-up's scope has its few rows after a first part without more, and is in after its last part", () => {
  expect(
    catchUpAfter(catchUp, [
      { scope: "user:a", last: false },
      { scope: "ws:b", last: false, more: true },
      { scope: "proj:c", last: true },
    ]),
  ).toEqual({ coming: ["user:a", "ws:b"], unframed: ["ws:b"] });
});

test("parts that change nothing leave the catch-up as it was", () => {
  expect(catchUpAfter(catchUp, [{ scope: "ws:b", last: false, more: true }])).toBeNull();
  expect(catchUpAfter({ coming: [], unframed: [] }, [{ scope: "ws:b", last: true }])).toBeNull();
});
