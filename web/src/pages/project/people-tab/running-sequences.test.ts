import { describe, expect, it } from "vitest";
import { candidaciesWithSequence } from "./running-sequences.ts";

const run = (candidacy: string, status: "pending" | "sending" | "replied" | "finished" | "inactive") => ({
  project_person_id: candidacy,
  processor: {
    id: `${candidacy}-run`,
    status,
    last_step_sent_position: 0,
    total_steps: 2,
    last_step_sent_date: null,
    current_step_schedule_date: null,
    fail_message: null,
    status_message: null,
  },
});

describe("candidaciesWithSequence", () => {
  it("names every candidate with a run of their stage's sequence, whatever its status, but stopped runs", () => {
    const found = candidaciesWithSequence([
      run("a", "pending"),
      run("b", "sending"),
      run("c", "replied"),
      run("d", "inactive"),
      run("e", "finished"),
    ]);
    expect([...found].sort()).toEqual(["a", "b", "c", "e"]);
  });

  it("names no one in a project without runs", () => {
    expect(candidaciesWithSequence([]).size).toBe(0);
  });
});
