import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { localTimestamp, type MessagingCsvRow, messagingCsv, messagingCsvColumns } from "./messaging-csv.ts";

const header = `${messagingCsvColumns.join(",")}\r\n`;
const row = (fields: Partial<MessagingCsvRow> = {}): MessagingCsvRow => ({
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  status: "sending",
  lastStepSent: 1,
  totalSteps: 3,
  lastSentAt: "2026-07-01T12:30:00.000Z",
  nextAt: "2026-07-02T13:00:00.000Z",
  timeZone: "America/Chicago",
  opens: "not_opened",
  ...fields,
});

describe("localTimestamp", () => {
  it("writes the instant on the named zone's clock with its offset, summer and winter", () => {
    expect(localTimestamp("2026-07-01T12:30:00.000Z", "America/Chicago")).toBe("2026-07-01T07:30:00-05:00");
    expect(localTimestamp("2026-12-01T12:30:00.000Z", "America/Chicago")).toBe("2026-12-01T06:30:00-06:00");
    expect(localTimestamp("2026-12-01T23:30:00.000Z", "Asia/Kolkata")).toBe("2026-12-02T05:00:00+05:30");
    expect(localTimestamp("2026-12-01T00:00:00.000Z", "UTC")).toBe("2026-12-01T00:00:00+00:00");
  });

  it("writes nothing for no date", () => {
    expect(localTimestamp(null, "UTC")).toBe("");
  });
});

describe("messagingCsv", () => {
  it("writes the header alone for a stage without payloads", () => {
    expect(messagingCsv([])).toBe(header);
  });

  it("writes one CRLF-ended line per payload with the status's name, progress and yes/no for replied and bounced", () => {
    const text = messagingCsv([
      row(),
      row({ status: "replied", nextAt: null }),
      row({ status: "bounced", email: null }),
    ]);
    expect(text).toBe(
      header +
        "Ada Lovelace,ada@example.com,Sending,1/3,2026-07-01T07:30:00-05:00,2026-07-02T08:00:00-05:00,America/Chicago,No,No,No\r\n" +
        "Ada Lovelace,ada@example.com,Replied,1/3,2026-07-01T07:30:00-05:00,,America/Chicago,Yes,No,No\r\n" +
        "Ada Lovelace,,Bounced,1/3,2026-07-01T07:30:00-05:00,2026-07-02T08:00:00-05:00,America/Chicago,No,Yes,No\r\n",
    );
  });

  it("says whether a person opened the payload's messages, and says so when its sequence does not track opens", () => {
    const cells = messagingCsv([
      row({ opens: "opened" }),
      row({ opens: "not_opened" }),
      row({ opens: "not_tracked" }),
      row({ opens: null, lastStepSent: 0, lastSentAt: null }),
    ])
      .trimEnd()
      .split("\r\n")
      .map((line) => line.split(",").at(-1));
    expect(cells).toEqual(["Opened", "Yes", "No", "Not tracked", ""]);
  });

  it("neutralises a name or address a spreadsheet would run, and reads back as written", () => {
    const text = messagingCsv([
      row({ firstName: "=1+1", lastName: "x", email: "@SUM(A1)" }),
      row({ firstName: "\u200B-2" }),
    ]);
    const [, first, second] = Papa.parse<string[]>(text.trimEnd(), { newline: "\r\n" }).data;
    expect(first?.slice(0, 2)).toEqual(["'=1+1 x", "'@SUM(A1)"]);
    expect(second?.[0]).toBe("'\u200B-2 Lovelace");
  });
});
