import { describe, expect, it } from "vitest";
import { nextSendTime } from "./next-send-time.ts";
import type { SendRules } from "./send-rules.ts";

/** The spec's defaults: 8am to 8pm in America/Chicago, US holidays, weekends and holidays off. */
const chicago: SendRules = {
  timeZone: "America/Chicago",
  workdayStart: "8am",
  workdayEnd: "8pm",
  allowSendWeekend: false,
  allowSendHoliday: false,
  holidayCountry: "US",
};
const every = { allowSendWeekend: true, allowSendHoliday: true };

const at = (iso: string) => new Date(iso);
const send = (after: string, delay: number, rules: Partial<SendRules> = {}) =>
  nextSendTime(at(after), delay, { ...chicago, ...rules })?.toISOString();

describe("nextSendTime inside the default 8am–8pm window", () => {
  it("sends at once when the earliest instant is inside the window", () => {
    expect(send("2026-11-24T16:00:00.250Z", 0)).toBe("2026-11-24T16:00:00.250Z");
  });

  it("opens the window at 8am exactly, and 8pm is already closed", () => {
    expect(send("2026-11-24T14:00:00Z", 0)).toBe("2026-11-24T14:00:00.000Z");
    expect(send("2026-11-24T13:59:59Z", 0)).toBe("2026-11-24T14:00:00.000Z");
    expect(send("2026-11-25T01:59:59Z", 0)).toBe("2026-11-25T01:59:59.000Z");
    expect(send("2026-11-25T02:00:00Z", 0)).toBe("2026-11-25T14:00:00.000Z");
  });

  it("moves an evening send to 8am the next workday", () => {
    expect(send("2026-11-24T03:00:00Z", 0)).toBe("2026-11-24T14:00:00.000Z");
  });

  it("adds the delay before looking for the window", () => {
    expect(send("2026-11-24T16:00:00Z", 1440)).toBe("2026-11-25T16:00:00.000Z");
    expect(send("2026-11-24T16:00:00Z", 3 * 7 * 1440)).toBe("2026-12-15T16:00:00.000Z");
    expect(send("2026-11-24T16:00:00Z", 10 * 60 + 30)).toBe("2026-11-25T14:00:00.000Z");
  });
});

describe("nextSendTime on weekends and holidays", () => {
  it("skips Saturday and Sunday to Monday 8am", () => {
    expect(send("2026-11-21T02:00:00Z", 0)).toBe("2026-11-23T14:00:00.000Z");
  });

  it("sends on Saturday when weekend sending is allowed", () => {
    expect(send("2026-11-21T02:00:00Z", 0, { allowSendWeekend: true })).toBe("2026-11-21T14:00:00.000Z");
  });

  it("skips Thanksgiving (2026-11-26) to the Friday", () => {
    expect(send("2026-11-26T01:30:00Z", 60)).toBe("2026-11-27T14:00:00.000Z");
    expect(send("2026-11-26T01:30:00Z", 60, { allowSendHoliday: true })).toBe("2026-11-26T14:00:00.000Z");
  });

  it("skips the observed Friday and Independence Day itself, then the weekend", () => {
    expect(send("2026-07-03T02:00:00Z", 0)).toBe("2026-07-06T13:00:00.000Z");
    expect(send("2026-07-03T02:00:00Z", 0, { allowSendWeekend: true })).toBe("2026-07-05T13:00:00.000Z");
    expect(send("2026-07-03T02:00:00Z", 0, every)).toBe("2026-07-03T13:00:00.000Z");
  });

  it("reads holidays of the sequence's country, not of the zone's", () => {
    expect(send("2026-11-26T01:30:00Z", 60, { holidayCountry: "FR" })).toBe("2026-11-26T14:00:00.000Z");
  });
});

describe("nextSendTime across daylight saving time", () => {
  it("opens at the jump when the window start does not exist (Chicago spring forward, 2am)", () => {
    // 2026-03-08: at 2:00 CST the clock shows 3:00 CDT, 08:00Z.
    expect(send("2026-03-08T05:00:00Z", 0, { ...every, workdayStart: "2am" })).toBe("2026-03-08T08:00:00.000Z");
  });

  it("opens at 8am CDT on the spring-forward day", () => {
    expect(send("2026-03-08T05:00:00Z", 0, every)).toBe("2026-03-08T13:00:00.000Z");
  });

  it("reaches a repeated wall time the first time (Chicago fall back, 1am)", () => {
    // 2026-11-01: 1:00–1:59 happens in CDT (06:00Z) and again in CST (07:00Z).
    expect(send("2026-11-01T04:00:00Z", 0, { ...every, workdayStart: "1am" })).toBe("2026-11-01T06:00:00.000Z");
  });

  it("keeps the repeated hour closed when the window ends at it", () => {
    expect(send("2026-11-01T05:30:00Z", 60, { ...every, workdayStart: "--", workdayEnd: "1am" })).toBe(
      "2026-11-02T06:00:00.000Z",
    );
  });

  it("opens at 8am CST on the fall-back day", () => {
    expect(send("2026-11-01T04:00:00Z", 0, every)).toBe("2026-11-01T14:00:00.000Z");
  });

  it("keeps the same wall time a day later across the change", () => {
    expect(send("2026-03-07T16:00:00Z", 1440, every)).toBe("2026-03-08T16:00:00.000Z");
  });

  it("opens at the jump in Europe/London when 1am does not exist", () => {
    const london = { ...every, timeZone: "Europe/London", holidayCountry: "GB", workdayStart: "1am" } as const;
    expect(send("2026-03-28T23:30:00Z", 0, london)).toBe("2026-03-29T01:00:00.000Z");
  });

  it("opens at the half-hour jump in Australia/Lord_Howe", () => {
    // 2026-10-04: at 2:00 (+10:30) the clock shows 2:30 (+11), 15:30Z; 2am does not exist.
    const lordHowe = { ...every, timeZone: "Australia/Lord_Howe", holidayCountry: "AU", workdayStart: "2am" } as const;
    expect(send("2026-10-03T15:00:00Z", 0, lordHowe)).toBe("2026-10-03T15:30:00.000Z");
  });
});

describe("nextSendTime in zones with odd offsets", () => {
  it("Europe/London skips Christmas, the weekend and the substitute Boxing Day", () => {
    const london = { timeZone: "Europe/London", holidayCountry: "GB" };
    expect(send("2026-12-24T20:00:00Z", 0, london)).toBe("2026-12-29T08:00:00.000Z");
  });

  it("Asia/Kolkata (+5:30) opens at 8am IST", () => {
    const kolkata = { ...every, timeZone: "Asia/Kolkata", holidayCountry: "IN" };
    expect(send("2026-11-24T03:00:00Z", 0, kolkata)).toBe("2026-11-24T03:00:00.000Z");
    expect(send("2026-11-24T15:00:00Z", 0, kolkata)).toBe("2026-11-25T02:30:00.000Z");
  });

  it("Asia/Kathmandu (+5:45) opens at 8am NPT", () => {
    const kathmandu = { ...every, timeZone: "Asia/Kathmandu", holidayCountry: "NP" };
    expect(send("2026-11-24T00:00:00Z", 0, kathmandu)).toBe("2026-11-24T02:15:00.000Z");
  });

  it("Pacific/Chatham (+13:45 in summer) opens at 8am local", () => {
    const chatham = { ...every, timeZone: "Pacific/Chatham", holidayCountry: "NZ" };
    expect(send("2026-11-24T00:00:00Z", 0, chatham)).toBe("2026-11-24T00:00:00.000Z");
    expect(send("2026-11-24T07:00:00Z", 0, chatham)).toBe("2026-11-24T18:15:00.000Z");
  });

  it("Pacific/Kiritimati (+14) reads the weekend on its own calendar", () => {
    // Friday 2026-11-20 10:00Z is Saturday 00:00 in Kiritimati.
    const kiritimati = { timeZone: "Pacific/Kiritimati", holidayCountry: "KI" };
    expect(send("2026-11-20T10:00:00Z", 0, kiritimati)).toBe("2026-11-22T18:00:00.000Z");
  });
});

describe("nextSendTime with open bounds", () => {
  it("'--' to '--' sends at any hour", () => {
    expect(send("2026-11-24T09:00:00Z", 0, { workdayStart: "--", workdayEnd: "--" })).toBe("2026-11-24T09:00:00.000Z");
  });

  it("'--' opens the window from midnight", () => {
    expect(send("2026-11-24T07:00:00Z", 0, { workdayStart: "--" })).toBe("2026-11-24T07:00:00.000Z");
    expect(send("2026-11-25T02:00:00Z", 0, { workdayStart: "--" })).toBe("2026-11-25T06:00:00.000Z");
  });

  it("'--' keeps the window open until midnight", () => {
    expect(send("2026-11-25T05:59:00Z", 0, { workdayEnd: "--" })).toBe("2026-11-25T05:59:00.000Z");
    expect(send("2026-11-25T06:00:00Z", 0, { workdayEnd: "--" })).toBe("2026-11-25T14:00:00.000Z");
  });

  it("answers null for a window that never opens instead of searching forever", () => {
    expect(send("2026-11-24T16:00:00Z", 0, { workdayStart: "8pm", workdayEnd: "8am" })).toBeUndefined();
    expect(send("2026-11-24T16:00:00Z", 0, { workdayStart: "8am", workdayEnd: "8am" })).toBeUndefined();
  });

  it("gives back its own answer for a delay of 0 (idempotent)", () => {
    const first = nextSendTime(at("2026-11-26T01:30:00Z"), 60, chicago);
    expect(first).not.toBeNull();
    if (first) expect(nextSendTime(first, 0, chicago)).toEqual(first);
  });
});
