import type { MessageRow } from "@hirestream/contracts/mailbox/message-rows.ts";
import { expect, it } from "vitest";
import { openTestDb } from "../../replica/testing/test-db.ts";
import { messagesOf } from "./person-messages-query.ts";

const ada = "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const grace = "3b2c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e";
const projectId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

function row(id: string, personId: string, createdAt: string, type: MessageRow["type"]) {
  return {
    id,
    type,
    kind: type === "Message::In" ? ("reply" as const) : null,
    workspace_id: "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d",
    project_id: projectId,
    person_id: personId,
    processor_id: "6d2f3e4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
    position: type === "Message::Out" ? 1 : null,
    status: type === "Message::Out" ? ("sent" as const) : ("received" as const),
    from: "jobs@acme.example",
    to: "ada@example.com",
    subject: id,
    body_untracked: "<p>Hello</p>",
    message_id: `<${id}@acme.example>`,
    in_reply_to: null,
    tracked: false,
    opened_at: null,
    machine_opened_at: null,
    machine_opener: null,
    created_at: createdAt,
    updated_at: createdAt,
    scopes: [`proj:${projectId}`],
    _pending: 0,
  };
}

it("lists one person's messages, oldest first, whatever order they arrived in", async () => {
  const { db } = openTestDb();
  await db.messages.bulkPut([
    row("c0000000-0000-4000-8000-000000000003", ada, "2026-11-24T17:00:00.000Z", "Message::In"),
    row("c0000000-0000-4000-8000-000000000001", ada, "2026-11-24T16:00:00.000Z", "Message::Out"),
    row("c0000000-0000-4000-8000-000000000002", grace, "2026-11-24T16:30:00.000Z", "Message::Out"),
  ]);
  expect((await messagesOf(db, ada)).map((message) => [message.subject, message.type])).toEqual([
    ["c0000000-0000-4000-8000-000000000001", "Message::Out"],
    ["c0000000-0000-4000-8000-000000000003", "Message::In"],
  ]);
  expect(await messagesOf(db, "4c3d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f")).toEqual([]);
});
