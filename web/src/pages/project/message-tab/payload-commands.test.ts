import { describe, expect, it } from "vitest";
import { editPayload, sendPayloadEvent } from "./payload-commands.ts";
import { payloadRow } from "./testing/payload-row.ts";

const now = new Date("2026-11-25T12:00:00.000Z");
const path = (id: string) =>
  `/workspaces/00000000-0000-4000-8000-aaaaaaaaaaaa/projects/00000000-0000-4000-8000-bbbbbbbbbbbb/payloads/${id}`;

describe("editPayload", () => {
  it("sends only the changed values and shows the payload a draft once its required fields are filled", () => {
    const row = { ...payloadRow(), scopes: ["proj:x"], _pending: 0 };
    expect(row.status).toBe("pending");
    expect(row.empty_count).toBe(1);
    const result = editPayload(row, { first_name: "Ada", hook: "Loved your talk" }, now);
    if (!("command" in result) || !result.command) throw new Error("expected a command");
    expect(result.command).toMatchObject({
      method: "PUT",
      path: path(row.id),
      body: { payload_values: { data: { hook: "Loved your talk" } } },
    });
    const shown = result.command.optimistic[0];
    expect(shown?.table).toBe("payloads");
    expect(shown?.next).toMatchObject({
      status: "draft",
      empty_count: 0,
      button: "Send",
      event: "event_send",
      payload_values: { data: { first_name: "Ada", hook: "Loved your talk" } },
      updated_at: now.toISOString(),
    });
    expect(shown?.next).not.toHaveProperty("scopes");
    expect(shown?.next).not.toHaveProperty("_pending");
  });

  it("sends nothing when nothing changed, and clears a field left blank", () => {
    const row = payloadRow({ payload_values: { data: { first_name: "Ada", hook: "Hi" } } });
    expect(editPayload(row, { first_name: "Ada", hook: "Hi" }, now)).toEqual({ command: null });
    const cleared = editPayload(row, { hook: "" }, now);
    if (!("command" in cleared) || !cleared.command) throw new Error("expected a command");
    expect(cleared.command.body).toEqual({ payload_values: { data: { hook: "" } } });
    expect(cleared.command.optimistic[0]?.next).toMatchObject({ status: "pending", empty_count: 1 });
  });

  it("refuses a Text value over 80 characters in the spec's words, and sends nothing", () => {
    expect(editPayload(payloadRow(), { hook: "x".repeat(81) }, now)).toEqual({
      rejection: { name: "hook", message: "is too long (maximum is 80 characters)" },
    });
    expect(editPayload(payloadRow(), { pitch: "x".repeat(81) }, now)).toHaveProperty("command");
  });
});

describe("sendPayloadEvent", () => {
  it("sends the button's event and shows the status it leads to", () => {
    const draft = payloadRow({ payload_values: { data: { first_name: "Ada", hook: "Hi" } } });
    const send = sendPayloadEvent(draft, "event_send", now);
    expect(send).toMatchObject({ method: "PUT", path: `${path(draft.id)}/event`, body: { event_name: "event_send" } });
    expect(send?.optimistic[0]?.next).toMatchObject({ status: "sending", button: null, editable: false });

    const reviewed = payloadRow({ has_review: true, payload_values: { data: { first_name: "Ada", hook: "Hi" } } });
    expect(sendPayloadEvent(reviewed, "event_ready", now)?.optimistic[0]?.next).toMatchObject({
      status: "ready",
      button: "Send",
    });
  });

  it("pauses with the words saying who paused, and resuming clears them and any failure", () => {
    const failed = payloadRow({ runStatus: "failed", processor: { fail_message: "SMTP said no" } });
    const paused = sendPayloadEvent(failed, "event_pause", now)?.optimistic[0]?.next;
    expect(paused).toMatchObject({ status: "paused", processor: { status_message: "Paused by a user" } });
    const resumed = payloadRow({ runStatus: "paused", processor: { status_message: "Paused by a user" } });
    expect(sendPayloadEvent(resumed, "event_resume", now)?.optimistic[0]?.next).toMatchObject({
      status: "sending",
      processor: { status: "sending", status_message: null, fail_message: null },
    });
  });

  it("sends nothing for the table's none", () => {
    expect(sendPayloadEvent(payloadRow(), "none", now)).toBeNull();
  });
});
