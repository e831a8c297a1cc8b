import { describe, expect, it } from "vitest";
import { canonicalTimestamp, timestamp } from "./timestamp.ts";

/** What the check answered before it took strings already in canonical form as they are. */
function byDate(value: string): string | null {
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const two = (n: number) => String(n).padStart(2, "0");

/** Every month, day and hour spelled, those out of range too, in a leap year and a common one, at the edges of the years the check allows. */
function spelledFields(): string[] {
  const spelled: string[] = [];
  for (const year of ["0000", "1970", "2024", "2026", "9999"])
    for (let month = 0; month <= 13; month++)
      for (let day = 0; day <= 32; day++)
        for (const time of ["00:00:00.000", "23:59:59.999", "24:00:00.000", "12:60:00.000", "12:00:60.000"])
          spelled.push(`${year}-${two(month)}-${two(day)}T${time}Z`);
  return spelled;
}

describe("timestamp", () => {
  it("answers every instant's toISOString form with that same string", () => {
    // Every day of two years, one of them leap, at times that cross each field's edge.
    const from = Date.parse("2023-12-31T00:00:00.000Z");
    for (let day = 0; day < 2 * 366; day++)
      for (const ms of [0, 1, 999, 59_999, 3_599_999, 86_399_999]) {
        const spelled = new Date(from + day * 86_400_000 + ms).toISOString();
        expect(canonicalTimestamp(spelled)).toBe(spelled);
      }
  });

  it("answers what reading the date and printing it answers, for any field in or out of range", () => {
    for (const spelled of spelledFields()) expect(canonicalTimestamp(spelled), spelled).toBe(byDate(spelled));
  });

  it("answers what reading the date and printing it answers, for other spellings", () => {
    const instant = new Date("2026-11-24T08:30:00.500Z");
    for (const spelled of [
      instant.toISOString().replace("Z", "+00:00"),
      instant.toISOString().replace("T", " "),
      instant.toUTCString(),
      "2026-11-24T08:30:00Z",
      "2026-11-24",
      "+012026-11-24T08:30:00.500Z",
      " 2026-11-24T08:30:00.500Z",
      "2026-11-24T08:30:00.500Z ",
      "2026-11-24T08:30:00.500z",
      "",
      "yesterday",
    ])
      expect(canonicalTimestamp(spelled), spelled).toBe(byDate(spelled));
  });

  it("moves a day past the month's end on, as the date parser does", () => {
    expect(timestamp.parse("2026-02-30T00:00:00.000Z")).toBe("2026-03-02T00:00:00.000Z");
    expect(timestamp.parse("2024-02-29T12:00:00.000Z")).toBe("2024-02-29T12:00:00.000Z");
  });

  it("refuses what names no point in time", () => {
    expect(timestamp.safeParse("yesterday").success).toBe(false);
    expect(timestamp.safeParse("2026-13-01T00:00:00.000Z").success).toBe(false);
  });

  it("prints Postgres's spelling in toISOString form", () => {
    expect(timestamp.parse("2026-11-24 09:30:00.5+01")).toBe("2026-11-24T08:30:00.500Z");
  });
});
