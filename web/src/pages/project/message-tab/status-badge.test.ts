import { displayedStatuses } from "@hirestream/contracts/processors/payload-status.ts";
import { describe, expect, it } from "vitest";
import { statusColors, statusLabel, statusTooltip } from "./status-badge.tsx";
import { payloadRow } from "./testing/payload-row.ts";

describe("the status badge", () => {
  it("names the status in the spec's words, Pending with its count of empty fields", () => {
    expect(statusLabel(payloadRow({ payload_values: { data: {} } }))).toBe("Pending (2)");
    expect(statusLabel(payloadRow({ payload_values: { data: { first_name: "Ada", hook: "Hi" } } }))).toBe("Draft");
    expect(statusLabel(payloadRow({ runStatus: "bounced" }))).toBe("Bounced");
  });

  it("gives Failed its fail message and Paused its status message, and nothing else a tooltip", () => {
    const processor = { fail_message: "Mailbox full", status_message: "Paused by a user" };
    expect(statusTooltip(payloadRow({ runStatus: "failed", processor }))).toBe("Mailbox full");
    expect(statusTooltip(payloadRow({ runStatus: "paused", processor }))).toBe("Paused by a user");
    expect(statusTooltip(payloadRow({ runStatus: "sending", processor }))).toBeNull();
  });

  it("colours every status, each its own", () => {
    const colors = displayedStatuses.map((status) => statusColors[status]);
    expect(new Set(colors).size).toBe(displayedStatuses.length);
  });
});
