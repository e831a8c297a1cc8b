import { expect, it } from "vitest";
import { attributeSightings, frameArrivals, type SentMove } from "./pipeline-attribution.ts";

// Candidate 0 moves to stages 1, 2, 0, 1, sent at 10, 20, 30, 40.
const moves: SentMove[] = [1, 2, 0, 1].map((stage, index) => ({ candidate: 0, stage, sentAt: 10 * (index + 1) }));
const sighting = (stage: number, at: number) => ({ candidate: 0, stage, at });

it("matches each stage shown to the move that put it there, ignoring the stage it started in", () => {
  const sightings = [sighting(0, 5), sighting(1, 12), sighting(2, 25), sighting(0, 31), sighting(1, 44)];
  expect(attributeSightings(moves, sightings)).toEqual({
    latencies: [2, 5, 1, 4],
    afterFrame: [],
    unseen: 0,
    ambiguous: 0,
  });
});

it("counts moves superseded before they showed when a later one shows, and the rest as unseen", () => {
  expect(attributeSightings(moves, [sighting(0, 33)])).toEqual({
    latencies: [23, 13, 3],
    afterFrame: [],
    unseen: 1,
    ambiguous: 0,
  });
});

it("takes the latest move to the stage shown that had reached the page", () => {
  expect(attributeSightings(moves, [sighting(1, 45)])).toEqual({
    latencies: [35, 25, 15, 5],
    afterFrame: [],
    unseen: 0,
    ambiguous: 0,
  });
  // The fourth move's row only reached the page at 50: the screen at 45 shows the first.
  expect(attributeSightings(moves, [sighting(1, 45)], [11, 21, 31, 50])).toEqual({
    latencies: [35],
    afterFrame: [34],
    unseen: 3,
    ambiguous: 0,
  });
});

it("says when a screen known to be behind could be showing either of two moves to the same stage", () => {
  const twice: SentMove[] = [...moves, { candidate: 0, stage: 2, sentAt: 50 }];
  expect(attributeSightings(twice, [sighting(1, 55)])).toEqual({
    latencies: [45, 35, 25, 15],
    afterFrame: [],
    unseen: 1,
    ambiguous: 1,
  });
});

it("pairs each candidate's frames with its moves in order", () => {
  const frames = [sighting(1, 11), sighting(2, 22), sighting(1, 33)];
  expect(frameArrivals(moves, frames)).toEqual([11, 22, undefined, undefined]);
});
