import type { CandidacyEvent } from "@hirestream/contracts/candidacies/events.ts";
import { describe, expect, it } from "vitest";
import { stageDurations } from "./stage-durations.ts";

const candidacyId = "c0000000-0000-4000-8000-000000000001";
const projectId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const personId = "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const sourced = "e0000000-0000-4000-8000-000000000001";
const contacted = "e0000000-0000-4000-8000-000000000002";
const interview = "e0000000-0000-4000-8000-000000000003";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;
const start = Date.parse("2026-11-01T09:00:00.000Z");
/** An instant `ms` after the start. */
const after = (ms: number) => new Date(start + ms);
const iso = (ms: number) => after(ms).toISOString();

const added = (stageId: string, ms: number): CandidacyEvent => ({
  type: "CandidacyAdded",
  data: { candidacyId, projectId, workspaceId, personId, stageId, stageName: "any", at: iso(ms) },
});
const moved = (fromStageId: string, toStageId: string, ms: number): CandidacyEvent => ({
  type: "CandidacyMoved",
  data: { candidacyId, projectId, workspaceId, fromStageId, toStageId, toStageName: "any", at: iso(ms) },
});
const removed = (ms: number): CandidacyEvent => ({
  type: "CandidacyRemoved",
  data: { candidacyId, projectId, workspaceId, at: iso(ms) },
});
const answered: CandidacyEvent = {
  type: "CandidacyResponseSet",
  data: { candidacyId, projectId, workspaceId, response: "interested" },
};

const durations = (events: CandidacyEvent[], nowMs: number) => [...stageDurations(events, after(nowMs)).entries()];

describe("stageDurations", () => {
  it("knows no stage before the candidate is added", () => {
    expect(durations([], day)).toEqual([]);
  });

  it("counts the stage the candidate is in until now", () => {
    expect(durations([added(sourced, 0)], 3 * hour)).toEqual([[sourced, 3 * hour]]);
  });

  it("counts each stage from entering it to leaving it, in the order they were entered", () => {
    const events = [added(sourced, 0), moved(sourced, contacted, 2 * day), moved(contacted, interview, 5 * day)];
    expect(durations(events, 6 * day)).toEqual([
      [sourced, 2 * day],
      [contacted, 3 * day],
      [interview, day],
    ]);
  });

  it("adds up repeat visits to the same stage", () => {
    const events = [
      added(sourced, 0),
      moved(sourced, contacted, hour),
      moved(contacted, sourced, 3 * hour),
      moved(sourced, contacted, 7 * hour),
    ];
    expect(durations(events, 10 * hour)).toEqual([
      [sourced, hour + 4 * hour],
      [contacted, 2 * hour + 3 * hour],
    ]);
  });

  it("stops the clock when the candidate is removed", () => {
    const events = [added(sourced, 0), moved(sourced, contacted, hour), removed(4 * hour)];
    expect(durations(events, 30 * day)).toEqual([
      [sourced, hour],
      [contacted, 3 * hour],
    ]);
  });

  it("restarts it when the candidate is added again, adding to the stages visited before", () => {
    const events = [
      added(sourced, 0),
      removed(hour),
      added(contacted, 10 * hour),
      moved(contacted, sourced, 12 * hour),
    ];
    expect(durations(events, 15 * hour)).toEqual([
      [sourced, hour + 3 * hour],
      [contacted, 2 * hour],
    ]);
  });

  it("does not count the time between a removal and the next addition", () => {
    const events = [added(sourced, 0), removed(hour), added(sourced, 5 * hour)];
    expect(durations(events, 6 * hour)).toEqual([[sourced, 2 * hour]]);
  });

  it("is not moved by responses", () => {
    const events = [added(sourced, 0), answered, moved(sourced, contacted, hour), answered];
    expect(durations(events, 2 * hour)).toEqual([
      [sourced, hour],
      [contacted, hour],
    ]);
  });

  it("lists a stage passed through in the same instant with zero", () => {
    const events = [added(sourced, 0), moved(sourced, contacted, hour), moved(contacted, interview, hour)];
    expect(durations(events, 2 * hour)).toEqual([
      [sourced, hour],
      [contacted, 0],
      [interview, hour],
    ]);
  });

  it("counts a time running backwards as zero rather than negative", () => {
    expect(durations([added(sourced, hour), moved(sourced, contacted, 0)], 2 * hour)).toEqual([
      [sourced, 0],
      [contacted, 2 * hour],
    ]);
    expect(durations([added(sourced, hour)], 0)).toEqual([[sourced, 0]]);
  });

  it("starts no clock for a move after a removal", () => {
    const events = [added(sourced, 0), removed(hour), moved(sourced, contacted, 2 * hour)];
    expect(durations(events, 3 * hour)).toEqual([[sourced, hour]]);
  });

  it("reads times with any offset as the same instants", () => {
    const events: CandidacyEvent[] = [
      {
        type: "CandidacyAdded",
        data: {
          candidacyId,
          projectId,
          workspaceId,
          personId,
          stageId: sourced,
          stageName: "any",
          at: "2026-11-01T10:00:00.000+01:00",
        },
      },
      moved(sourced, contacted, 90 * minute),
    ];
    expect(durations(events, 2 * hour)).toEqual([
      [sourced, 90 * minute],
      [contacted, 30 * minute],
    ]);
  });

  it("sums to the time the candidate was in the project", () => {
    const events = [
      added(sourced, 0),
      moved(sourced, contacted, 3 * hour),
      moved(contacted, sourced, 5 * hour),
      removed(8 * hour),
      added(interview, 20 * hour),
    ];
    const total = [...stageDurations(events, after(26 * hour)).values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(8 * hour + 6 * hour);
  });
});
