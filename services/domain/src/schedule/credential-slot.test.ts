import { DEFAULT_SENDING_LIMITS } from "@hirestream/contracts/credentials/limits.ts";
import { describe, expect, it } from "vitest";
import { nextCredentialSlot } from "./credential-slot.ts";

const base = Date.parse("2026-11-24T14:00:00Z");
const minutes = (n: number) => new Date(base + n * 60_000);
const slot = (desired: number, sent: number[], dailyLimit: number, minGapSeconds: number) =>
  (nextCredentialSlot(minutes(desired), sent.map(minutes), { dailyLimit, minGapSeconds }).getTime() - base) / 60_000;

describe("nextCredentialSlot", () => {
  it("keeps the desired time when the credential is idle", () => {
    expect(slot(0, [], 400, 60)).toBe(0);
    expect(slot(0, [-5, 5], 400, 60)).toBe(0);
  });

  it("moves a send to one gap after the previous send", () => {
    expect(slot(0, [0], 400, 60)).toBe(1);
    expect(slot(0, [-1, 0, 1, 2], 400, 60)).toBe(3);
    expect(slot(0, [0], 400, 300)).toBe(5);
  });

  it("keeps the gap before a later reservation, going past it when there is no room", () => {
    expect(slot(0, [1], 400, 120)).toBe(3);
    expect(slot(0, [1], 400, 180)).toBe(4);
    expect(slot(0, [4], 400, 120)).toBe(0);
  });

  it("waits until the oldest send of a full day leaves the 24 hours", () => {
    expect(slot(60, [0, 10, 20], 3, 0)).toBe(1440);
    expect(slot(60, [0, 10, 20], 4, 0)).toBe(60);
  });

  it("does not fill a day that later reservations already fill", () => {
    // Two sends reserved later today: any time before a day after the first puts three in 24 hours.
    expect(slot(0, [600, 700], 2, 0)).toBe(2040);
    expect(slot(0, [1500, 1600], 2, 0)).toBe(0);
  });

  it("uses the shared defaults of one send a minute, 400 a day", () => {
    expect(DEFAULT_SENDING_LIMITS).toEqual({ dailyLimit: 400, minGapSeconds: 60 });
    const day = Array.from({ length: 400 }, (_, n) => n);
    expect(slot(0, day, DEFAULT_SENDING_LIMITS.dailyLimit, DEFAULT_SENDING_LIMITS.minGapSeconds)).toBe(1440);
    expect(slot(0, day.slice(0, 399), 400, 60)).toBe(399);
  });

  it("reads unsorted sends and a daily limit below 1 as 1", () => {
    expect(slot(0, [2, 0, 1], 400, 60)).toBe(3);
    expect(slot(0, [0], 0, 0)).toBe(1440);
  });
});
