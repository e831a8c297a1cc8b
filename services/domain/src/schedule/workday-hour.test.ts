import { describe, expect, it } from "vitest";
import {
  isWorkdayHourLabel,
  WORKDAY_HOUR_LABELS,
  workdayHourLabel,
  workdayHourOf,
  workdayWindow,
} from "./workday-hour.ts";

describe("workday hour labels", () => {
  it("name the 24 hours from 12am to 11pm", () => {
    expect(WORKDAY_HOUR_LABELS).toHaveLength(24);
    expect(workdayHourOf("12am")).toBe(0);
    expect(workdayHourOf("8am")).toBe(8);
    expect(workdayHourOf("12pm")).toBe(12);
    expect(workdayHourOf("8pm")).toBe(20);
    expect(workdayHourOf("11pm")).toBe(23);
  });

  it("read '--' as no bound", () => {
    expect(workdayHourOf("--")).toBeNull();
    expect(workdayHourLabel(null)).toBe("--");
  });

  it("turn every hour into its label and back", () => {
    for (let hour = 0; hour < 24; hour++) expect(workdayHourOf(workdayHourLabel(hour))).toBe(hour);
  });

  it("recognise only the spec's labels", () => {
    expect(isWorkdayHourLabel("9pm")).toBe(true);
    expect(isWorkdayHourLabel("--")).toBe(true);
    for (const other of ["0am", "13pm", "12 am", "8AM", "", "-", "24"]) expect(isWorkdayHourLabel(other)).toBe(false);
  });

  it("open a '--' side to midnight or the end of the day", () => {
    expect(workdayWindow("8am", "8pm")).toEqual({ startHour: 8, endHour: 20 });
    expect(workdayWindow("--", "8pm")).toEqual({ startHour: 0, endHour: 20 });
    expect(workdayWindow("8am", "--")).toEqual({ startHour: 8, endHour: 24 });
  });
});
