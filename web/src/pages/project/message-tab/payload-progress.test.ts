import { describe, expect, it } from "vitest";
import { payloadDate, progressLines } from "./payload-progress.ts";
import { payloadRow } from "./testing/payload-row.ts";

const sent = "2026-11-25T14:00:00.000Z";
const next = "2026-11-26T14:30:00.000Z";
const run = (runStatus: "sending" | "replied" | "finished" | "failed" | "paused" | "pending") =>
  payloadRow({
    runStatus,
    processor: {
      last_step_sent_position: 1,
      total_steps: 3,
      last_step_sent_date: sent,
      current_step_schedule_date: next,
    },
  });

describe("payloadDate", () => {
  it("writes the date in en-US on the payload's clock and names its time zone", () => {
    expect(payloadDate(sent, "America/Chicago")).toBe("Nov 25, 2026, 8:00 AM CST (America/Chicago)");
    expect(payloadDate("2026-07-01T14:00:00.000Z", "America/Chicago")).toBe(
      "Jul 1, 2026, 9:00 AM CDT (America/Chicago)",
    );
    expect(payloadDate(sent, "Asia/Kolkata")).toBe("Nov 25, 2026, 7:30 PM GMT+5:30 (Asia/Kolkata)");
  });
});

describe("progressLines", () => {
  it("shows the last step, when it went and when the next one goes while sending", () => {
    expect(progressLines(run("sending"))).toEqual([
      "Last step 1/3",
      "Sent on Nov 25, 2026, 8:00 AM CST (America/Chicago)",
      "Next on Nov 26, 2026, 8:30 AM CST (America/Chicago)",
    ]);
  });

  it("shows the last step and when it went, and no next step, once replied or finished", () => {
    const ended = ["Last step 1/3", "Sent on Nov 25, 2026, 8:00 AM CST (America/Chicago)"];
    expect(progressLines(run("replied"))).toEqual(ended);
    expect(progressLines(run("finished"))).toEqual(ended);
  });

  it("shows nothing for the other statuses", () => {
    expect(progressLines(run("failed"))).toEqual([]);
    expect(progressLines(run("paused"))).toEqual([]);
    expect(progressLines(run("pending"))).toEqual([]);
  });

  it("leaves out a date the run does not have yet", () => {
    const approved = payloadRow({ runStatus: "sending", processor: { total_steps: 2 } });
    expect(progressLines(approved)).toEqual(["Last step 0/2"]);
  });
});
