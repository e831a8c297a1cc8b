import { candidacyResponses } from "@hirestream/contracts/candidacies/events.ts";
import { describe, expect, it } from "vitest";
import {
  emptyTally,
  noOutreach,
  openRatePercent,
  opensTracked,
  projectStats,
  tallyCandidacies,
} from "./project-stats.ts";

describe("tallyCandidacies", () => {
  it("counts nothing in a project without candidacies", () => {
    expect(tallyCandidacies([])).toEqual(emptyTally());
  });

  it("counts every candidacy as sourced and each response once", () => {
    const candidacies = [
      { response: null },
      { response: "interested" },
      { response: "interested" },
      { response: "not_interested" },
      { response: "follow_up" },
      { response: "follow_up" },
      { response: "follow_up" },
      { response: null },
    ] as const;
    expect(tallyCandidacies(candidacies)).toEqual({
      candidacies: 8,
      responses: { interested: 2, not_interested: 1, follow_up: 3 },
    });
  });

  it("knows every response the contracts know", () => {
    const tally = tallyCandidacies(candidacyResponses.map((response) => ({ response })));
    expect(Object.keys(tally.responses).sort()).toEqual([...candidacyResponses].sort());
    expect(Object.values(tally.responses)).toEqual(candidacyResponses.map(() => 1));
  });

  it("does not change the tally it started from between calls", () => {
    tallyCandidacies([{ response: "interested" }]);
    expect(emptyTally().responses.interested).toBe(0);
    expect(noOutreach).toEqual({ contacted: 0, replied: 0, sent: 0, opened: 0, untracked: 0 });
  });
});

describe("projectStats", () => {
  it("is all zeros for an empty project with no outreach", () => {
    expect(projectStats(emptyTally(), noOutreach)).toEqual({
      sourced: 0,
      contacted: 0,
      replies: 0,
      interested: 0,
      not_interested: 0,
      follow_up: 0,
      open_rate: 0,
    });
  });

  it("takes sourced and the responses from the candidacies, the rest from outreach", () => {
    const candidacies = { candidacies: 12, responses: { interested: 3, not_interested: 2, follow_up: 1 } };
    expect(projectStats(candidacies, { contacted: 9, replied: 4, sent: 20, opened: 5, untracked: 0 })).toEqual({
      sourced: 12,
      contacted: 9,
      replies: 4,
      interested: 3,
      not_interested: 2,
      follow_up: 1,
      open_rate: 0.25,
    });
  });

  it("reads an open rate of 0 when nothing was sent, never NaN", () => {
    expect(projectStats(emptyTally(), { contacted: 0, replied: 0, sent: 0, opened: 3, untracked: 0 }).open_rate).toBe(
      0,
    );
  });

  it("keeps the open rate between 0 and 1", () => {
    expect(projectStats(emptyTally(), { contacted: 1, replied: 0, sent: 4, opened: 4, untracked: 0 }).open_rate).toBe(
      1,
    );
    expect(projectStats(emptyTally(), { contacted: 1, replied: 0, sent: 4, opened: 9, untracked: 0 }).open_rate).toBe(
      1,
    );
    expect(
      projectStats(emptyTally(), { contacted: 1, replied: 0, sent: 3, opened: 1, untracked: 0 }).open_rate,
    ).toBeCloseTo(1 / 3, 12);
  });
});

describe("opensTracked", () => {
  it("says the rate means something when a message carried a pixel, or when nothing was sent", () => {
    expect(opensTracked(noOutreach)).toBe(true);
    expect(opensTracked({ ...noOutreach, contacted: 2, sent: 1, untracked: 5 })).toBe(true);
  });

  it("says it does not when every message went without a pixel", () => {
    expect(opensTracked({ ...noOutreach, contacted: 2, untracked: 2 })).toBe(false);
  });
});

describe("openRatePercent", () => {
  it("shows whole percentages, half rounded up", () => {
    expect([0, 0.004, 0.005, 0.25, 1 / 3, 2 / 3, 0.995, 1].map(openRatePercent)).toEqual([
      0, 0, 1, 25, 33, 67, 100, 100,
    ]);
  });

  it("rounds a ratio of counts as the counts say, not as binary floating point does", () => {
    // 0.285 * 100 is 28.499999999999996 in binary; 57 of 200 is 28.5 percent.
    expect(openRatePercent(57 / 200)).toBe(29);
    expect(openRatePercent(0.145)).toBe(15);
    for (let sent = 1; sent <= 200; sent++) {
      for (let opened = 0; opened <= sent; opened++) {
        // Half up in whole numbers: floor(100 * opened / sent + 1/2).
        const expected = Math.floor((200 * opened + sent) / (2 * sent));
        expect(openRatePercent(opened / sent), `${opened}/${sent}`).toBe(expected);
      }
    }
  });
});
