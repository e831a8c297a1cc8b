import { describe, expect, it } from "vitest";
import { NoSendWindowError, nextSendTime, type SendRules } from "./next-send-time.ts";

const chicago: SendRules = {
  timeZone: "America/Chicago",
  workdayStart: "8am",
  workdayEnd: "8pm",
  allowSendWeekend: false,
  allowSendHoliday: false,
  holidayCountry: "US",
};
const at = (iso: string) => new Date(iso);
const send = (after: string, delay: number, rules: Partial<SendRules> = {}) =>
  nextSendTime(at(after), delay, { ...chicago, ...rules }).toISOString();

describe("nextSendTime", () => {
  it("sends at once inside the workday", () => {
    // Tuesday 10:00 in Chicago (UTC-6).
    expect(send("2026-11-24T16:00:00.000Z", 0)).toBe("2026-11-24T16:00:00.000Z");
  });

  it("waits for the workday to open, in the sequence's time zone", () => {
    // Tuesday 6:00 in Chicago: opens at 8:00.
    expect(send("2026-11-24T12:00:00.000Z", 0)).toBe("2026-11-24T14:00:00.000Z");
  });

  it("moves a step due after hours to the next workday's opening", () => {
    // Tuesday 21:00 in Chicago → Wednesday 8:00.
    expect(send("2026-11-25T03:00:00.000Z", 0)).toBe("2026-11-25T14:00:00.000Z");
  });

  it("adds the delay before looking for a window", () => {
    // Monday 10:00 + 1440 minutes = Tuesday 10:00.
    expect(send("2026-11-23T16:00:00.000Z", 1440)).toBe("2026-11-24T16:00:00.000Z");
    // Two weeks later, same hour.
    expect(send("2026-11-02T16:00:00.000Z", 14 * 1440)).toBe("2026-11-16T16:00:00.000Z");
  });

  it("skips the weekend unless weekend sending is on", () => {
    // Friday 21:00 → Monday 8:00.
    expect(send("2026-11-21T03:00:00.000Z", 0)).toBe("2026-11-23T14:00:00.000Z");
    expect(send("2026-11-21T03:00:00.000Z", 0, { allowSendWeekend: true })).toBe("2026-11-21T14:00:00.000Z");
  });

  it("skips the country's public holidays unless holiday sending is on", () => {
    // Wednesday 21:00 before Thanksgiving (Thursday 26 November 2026) → Friday 8:00.
    expect(send("2026-11-26T03:00:00.000Z", 0)).toBe("2026-11-27T14:00:00.000Z");
    expect(send("2026-11-26T03:00:00.000Z", 0, { allowSendHoliday: true })).toBe("2026-11-26T14:00:00.000Z");
    // Another country's calendar: Thanksgiving is a workday in Germany.
    expect(send("2026-11-26T03:00:00.000Z", 0, { holidayCountry: "DE" })).toBe("2026-11-26T14:00:00.000Z");
  });

  it("keeps substitute holidays: 4 July 2026 is a Saturday, observed on Friday the 3rd", () => {
    expect(send("2026-07-03T15:00:00.000Z", 0)).toBe("2026-07-06T13:00:00.000Z");
  });

  it("opens at the jump when the workday starts in an hour that a clock skips", () => {
    // 8 March 2026 in Chicago: 2:00 CST jumps to 3:00 CDT (a Sunday, weekend on).
    expect(send("2026-03-08T06:00:00.000Z", 0, { workdayStart: "2am", allowSendWeekend: true })).toBe(
      "2026-03-08T08:00:00.000Z",
    );
    // Past the jump, 8am is CDT (UTC-5).
    expect(send("2026-03-08T06:00:00.000Z", 0, { allowSendWeekend: true })).toBe("2026-03-08T13:00:00.000Z");
  });

  it("opens a repeated hour both times, and closes at the end hour however often the clock shows it", () => {
    // 1 November 2026 in Chicago: 1:00–2:00 happens twice (6:00Z CDT, then 7:00Z CST).
    const repeated = { workdayStart: "1am", workdayEnd: "2am", allowSendWeekend: true };
    expect(send("2026-11-01T06:59:00.000Z", 0, repeated)).toBe("2026-11-01T06:59:00.000Z");
    expect(send("2026-11-01T07:00:00.000Z", 0, repeated)).toBe("2026-11-01T07:00:00.000Z");
    // A window 12am–1am closes at the first 1:00 and does not open again when 1:00 comes back.
    const rules = { workdayStart: "12am", workdayEnd: "1am", allowSendWeekend: true };
    expect(send("2026-11-01T05:30:00.000Z", 0, rules)).toBe("2026-11-01T05:30:00.000Z");
    // 6:30Z is the first 1:30 (CDT): past the close, so the next day's midnight (CST, UTC-6).
    expect(send("2026-11-01T06:30:00.000Z", 0, rules)).toBe("2026-11-02T06:00:00.000Z");
  });

  it("follows zones with odd offsets", () => {
    // Kathmandu is UTC+5:45; Chatham UTC+13:45 in its summer; Kolkata UTC+5:30.
    expect(send("2026-11-24T00:00:00.000Z", 0, { timeZone: "Asia/Kathmandu", holidayCountry: "NP" })).toBe(
      "2026-11-24T02:15:00.000Z",
    );
    expect(send("2026-11-24T00:00:00.000Z", 0, { timeZone: "Pacific/Chatham", holidayCountry: "NZ" })).toBe(
      "2026-11-24T00:00:00.000Z",
    );
    expect(send("2026-11-23T20:00:00.000Z", 0, { timeZone: "Asia/Kolkata", holidayCountry: "IN" })).toBe(
      "2026-11-24T02:30:00.000Z",
    );
  });

  it("leaves a side of the day open with '--'", () => {
    expect(send("2026-11-24T12:00:00.000Z", 0, { workdayStart: "--" })).toBe("2026-11-24T12:00:00.000Z");
    expect(send("2026-11-25T03:00:00.000Z", 0, { workdayEnd: "--" })).toBe("2026-11-25T03:00:00.000Z");
    expect(send("2026-11-22T03:00:00.000Z", 0, { workdayStart: "--", workdayEnd: "--" })).toBe(
      "2026-11-23T06:00:00.000Z",
    );
  });

  it("says so when no time at all fits the rules", () => {
    expect(() =>
      send("2026-11-24T12:00:00.000Z", 0, {
        workdayStart: "2am",
        workdayEnd: "3am",
        timeZone: "UTC",
        holidayCountry: "US",
      }),
    ).not.toThrow();
    expect(() =>
      nextSendTime(at("2026-11-24T12:00:00Z"), 0, { ...chicago, workdayStart: "9pm", workdayEnd: "8am" }),
    ).toThrow(NoSendWindowError);
  });

  it("refuses an hour label outside the list", () => {
    expect(() => send("2026-11-24T12:00:00.000Z", 0, { workdayStart: "13am" })).toThrow(RangeError);
  });
});
