import { describe, expect, it } from "vitest";
import {
  DEFAULT_STATUS_POSITION,
  type DisplayedStatus,
  displayedStatus,
  displayedStatuses,
  eventAllowed,
  isEditable,
  payloadButton,
  payloadEventNames,
  payloadStatusInfo,
  personControls,
  processorStatuses,
  statusNames,
  statusPosition,
} from "./payload-status.ts";

// Spec §4 read again row by row, apart from the code.

describe("the displayed status", () => {
  it("shows a pending run whose required fields are all filled as draft", () => {
    expect(displayedStatus("pending", true)).toBe("draft");
  });

  it("shows a pending run with an empty required field as pending", () => {
    expect(displayedStatus("pending", false)).toBe("pending");
  });

  it.each(processorStatuses.filter((status) => status !== "pending"))("shows %s as itself, filled or not", (status) => {
    expect(displayedStatus(status, true)).toBe(status);
    expect(displayedStatus(status, false)).toBe(status);
  });
});

describe("the button table", () => {
  const rows: [string, DisplayedStatus, boolean, { label: string; event: string } | null][] = [
    ["draft with review", "draft", true, { label: "Ready", event: "event_ready" }],
    ["draft without review", "draft", false, { label: "Send", event: "event_send" }],
    ["ready", "ready", true, { label: "Send", event: "event_send" }],
    ["failed", "failed", false, { label: "Send", event: "event_send" }],
    ["bounced", "bounced", false, { label: "Retry", event: "event_send" }],
    ["paused", "paused", false, { label: "Send", event: "event_resume" }],
    ["pending", "pending", false, null],
    ["sending", "sending", false, null],
    ["finished", "finished", false, null],
    ["replied (the thread is shown instead)", "replied", false, null],
    ["inactive (a stopped run)", "inactive", false, null],
  ];

  it.each(rows)("%s", (_name, status, hasReview, button) => {
    expect(payloadButton(status, hasReview)).toEqual(button);
  });

  it.each(["ready", "failed", "bounced", "paused", "pending", "sending", "finished"] as const)(
    "%s has the same button with review or without",
    (status) => {
      expect(payloadButton(status, true)).toEqual(payloadButton(status, false));
    },
  );
});

describe("which events a status takes", () => {
  const allowed: Record<DisplayedStatus, { review: string[]; noReview: string[] }> = {
    draft: { review: ["event_ready"], noReview: ["event_send"] },
    pending: { review: [], noReview: [] },
    ready: { review: ["event_send", "event_pause"], noReview: ["event_send", "event_pause"] },
    sending: { review: ["event_pause"], noReview: ["event_pause"] },
    failed: { review: ["event_send", "event_pause"], noReview: ["event_send", "event_pause"] },
    bounced: { review: ["event_send", "event_pause"], noReview: ["event_send", "event_pause"] },
    paused: { review: ["event_resume"], noReview: ["event_resume"] },
    finished: { review: [], noReview: [] },
    replied: { review: [], noReview: [] },
    inactive: { review: [], noReview: [] },
  };

  for (const status of displayedStatuses) {
    for (const hasReview of [true, false]) {
      const expected = allowed[status][hasReview ? "review" : "noReview"];
      it(`${status} ${hasReview ? "with" : "without"} review takes ${expected.join(", ") || "nothing"}`, () => {
        expect(payloadEventNames.filter((event) => eventAllowed(event, status, hasReview))).toEqual(expected);
      });
    }
  }
});

describe("the per-person controls", () => {
  const hidden = { visible: false, disabled: true };
  const rows: [DisplayedStatus, { visible: boolean; disabled: boolean }, { visible: boolean; disabled: boolean }][] = [
    ["pending", hidden, hidden],
    ["draft", hidden, hidden],
    ["replied", hidden, hidden],
    ["finished", hidden, hidden],
    ["inactive", hidden, hidden],
    // Resume is disabled while sending; pause is disabled while paused.
    ["sending", { visible: true, disabled: true }, { visible: true, disabled: false }],
    ["paused", { visible: true, disabled: false }, { visible: true, disabled: true }],
    ["ready", { visible: true, disabled: true }, { visible: true, disabled: false }],
    ["failed", { visible: true, disabled: true }, { visible: true, disabled: false }],
    ["bounced", { visible: true, disabled: true }, { visible: true, disabled: false }],
  ];

  it.each(rows)("%s: resume %o, pause %o", (status, resume, pause) => {
    expect(personControls(status)).toEqual({ resume, pause });
  });
});

describe("the editable set", () => {
  it.each(["draft", "ready", "pending", "failed", "paused"] as const)("%s is editable", (status) => {
    expect(isEditable(status)).toBe(true);
  });

  it.each(["sending", "bounced", "finished", "replied", "inactive"] as const)("%s is not editable", (status) => {
    expect(isEditable(status)).toBe(false);
  });
});

describe("the status ordering", () => {
  const positions: [string, number][] = [
    ["draft", 1],
    ["ready", 2],
    ["pending", 3],
    ["sending", 4],
    ["failed", 4],
    ["bounced", 5],
    ["finished", 6],
    ["replied", 7],
    ["inactive", 8],
    ["paused", 9],
    ["anything else", 10],
  ];

  it.each(positions)("%s is at %i", (status, position) => {
    expect(statusPosition(status)).toBe(position);
  });

  it("puts an unknown word last, inherited names included", () => {
    expect(statusPosition("toString")).toBe(DEFAULT_STATUS_POSITION);
  });
});

describe("the status names", () => {
  it.each([
    ["pending", "Pending"],
    ["draft", "Draft"],
    ["ready", "Ready"],
    ["sending", "Sending"],
    ["failed", "Failed"],
    ["paused", "Paused"],
    ["bounced", "Bounced"],
    ["finished", "Finished"],
    ["replied", "Replied"],
    ["inactive", "Inactive"],
  ] as const)("%s is shown as %s", (status, name) => {
    expect(statusNames[status]).toBe(name);
  });
});

describe("a payload row's status info", () => {
  it("a pending run with two empty fields: Pending, two empty, editable, no button", () => {
    expect(payloadStatusInfo("pending", true, 2)).toEqual({
      status: "pending",
      status_position: 3,
      empty_count: 2,
      editable: true,
      button: null,
      event: "none",
    });
  });

  it("a filled pending run with review: Draft, with Ready", () => {
    expect(payloadStatusInfo("pending", true, 0)).toEqual({
      status: "draft",
      status_position: 1,
      empty_count: 0,
      editable: true,
      button: "Ready",
      event: "event_ready",
    });
  });

  it("a bounced run: Retry, not editable", () => {
    expect(payloadStatusInfo("bounced", false, 0)).toEqual({
      status: "bounced",
      status_position: 5,
      empty_count: 0,
      editable: false,
      button: "Retry",
      event: "event_send",
    });
  });
});
