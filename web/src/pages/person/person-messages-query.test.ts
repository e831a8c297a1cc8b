import type { MessageRow } from "@hirestream/contracts/mailbox/message-rows.ts";
import { describe, expect, it } from "vitest";
import { messagesShown } from "./person-messages-query.ts";

const message: MessageRow = {
  id: "5c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  type: "Message::Out",
  kind: null,
  workspace_id: "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d",
  project_id: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  person_id: "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  processor_id: "6d2f3e4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
  position: 1,
  status: "sent",
  from: "jobs@acme.example",
  to: "ada@example.com",
  subject: "A role",
  body_untracked: "<p>Hello</p>",
  message_id: "<step-1@acme.example>",
  in_reply_to: null,
  tracked: false,
  opened_at: null,
  machine_opened_at: null,
  machine_opener: null,
  created_at: "2026-11-24T16:00:00.000Z",
  updated_at: "2026-11-24T16:00:00.000Z",
};
const some = [message];

describe("messagesShown", () => {
  it("shows 'No Messages' whenever the sequence feature is off", () => {
    expect(messagesShown(false, some, true)).toBe("none");
    expect(messagesShown(false, undefined, false)).toBe("none");
  });

  it("waits while the replica is read, and while an empty list may only mean it has not caught up", () => {
    expect(messagesShown(true, undefined, true)).toBe("loading");
    expect(messagesShown(true, [], false)).toBe("loading");
    expect(messagesShown(true, [], undefined)).toBe("loading");
  });

  it("shows 'No Messages' for an empty list once caught up, and the list whenever it has rows", () => {
    expect(messagesShown(true, [], true)).toBe("none");
    expect(messagesShown(true, some, false)).toBe("list");
  });
});
