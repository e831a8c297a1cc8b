import { describe, expect, it } from "vitest";
import { candidateTimeZone } from "./candidate-time-zone.ts";

const sequenceZone = "America/Chicago";

describe("candidateTimeZone", () => {
  it("takes the zone of a country with one clock, by name or by code", () => {
    expect(candidateTimeZone({ country: "France" }, sequenceZone)).toEqual({
      timeZone: "Europe/Paris",
      source: "candidate",
    });
    expect(candidateTimeZone({ country: "in" }, sequenceZone)).toEqual({
      timeZone: "Asia/Kolkata",
      source: "candidate",
    });
    // Germany lists two zones that keep the same time.
    expect(candidateTimeZone({ country: "Germany" }, sequenceZone)).toEqual({
      timeZone: "Europe/Berlin",
      source: "candidate",
    });
  });

  it("picks one of a country's clocks by the city, accents and case aside", () => {
    expect(candidateTimeZone({ country: "United States", city: "los angeles" }, sequenceZone)).toEqual({
      timeZone: "America/Los_Angeles",
      source: "candidate",
    });
    expect(candidateTimeZone({ country: "BR", city: "São Paulo" }, sequenceZone)).toEqual({
      timeZone: "America/Sao_Paulo",
      source: "candidate",
    });
    expect(candidateTimeZone({ country: "US", city: "San Francisco" }, sequenceZone)).toEqual({
      timeZone: "America/Los_Angeles",
      source: "candidate",
    });
  });

  it("keeps the sequence's zone when the place does not name one clock", () => {
    const kept = { timeZone: sequenceZone, source: "sequence" };
    expect(candidateTimeZone({ country: "United States" }, sequenceZone)).toEqual(kept);
    expect(candidateTimeZone({ country: "US", city: "Springfield" }, sequenceZone)).toEqual(kept);
    expect(candidateTimeZone({ country: "Atlantis" }, sequenceZone)).toEqual(kept);
    expect(candidateTimeZone({}, sequenceZone)).toEqual(kept);
    // A city of another country does not count.
    expect(candidateTimeZone({ country: "Canada", city: "Chicago" }, sequenceZone)).toEqual(kept);
  });
});
