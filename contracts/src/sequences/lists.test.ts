import { describe, expect, it } from "vitest";
import { countries, countryCodes } from "./countries.ts";
import { HOUR_LABELS, hourOfLabel, labelOfHour, workdayEndOptions, workdayStartOptions } from "./hours.ts";
import { timeZoneIds, timeZoneLabel, timeZones } from "./time-zones.ts";

describe("the region list", () => {
  it("holds every ISO 3166 country once, by a two-letter code", () => {
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(countryCodes.size).toBe(countries.length);
    for (const [code] of countries) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(countryCodes.has("US")).toBe(true);
  });
});

describe("the time zone list", () => {
  it("runs from GMT-11 to GMT+14 with labels in the spec's form", () => {
    expect(timeZones[0]?.[1]).toBe(-660);
    expect(timeZones.at(-1)?.[1]).toBe(840);
    for (const [, , label] of timeZones) expect(label).toMatch(/^\(GMT[+-]\d\d:\d\d\) \S/);
    expect(new Set(timeZones.map(([, , label]) => label)).size).toBe(timeZones.length);
  });

  it("names only zones the runtime knows, the default among them", () => {
    for (const id of timeZoneIds) expect(() => new Intl.DateTimeFormat("en-US", { timeZone: id })).not.toThrow();
    expect(timeZoneLabel("America/Chicago")).toMatch(/^\(GMT-06:00\) Central Time/);
  });
});

describe("workday hours", () => {
  it("label the 24 hours from 12am to 11pm and read them back", () => {
    expect(HOUR_LABELS).toHaveLength(24);
    expect([labelOfHour(0), labelOfHour(8), labelOfHour(12), labelOfHour(20)]).toEqual(["12am", "8am", "12pm", "8pm"]);
    for (const [hour, label] of HOUR_LABELS.entries()) expect(hourOfLabel(label)).toBe(hour);
    expect(hourOfLabel("--")).toBeNull();
    expect(hourOfLabel("25pm")).toBeUndefined();
  });

  it("offer start hours before the end and end hours after the start", () => {
    expect(workdayStartOptions("8am")).toEqual(["12am", "1am", "2am", "3am", "4am", "5am", "6am", "7am", "--"]);
    expect(workdayEndOptions("8pm")).toEqual(["9pm", "10pm", "11pm", "--"]);
    expect(workdayEndOptions("--")).toHaveLength(25);
  });
});
