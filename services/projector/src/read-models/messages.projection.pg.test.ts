import { messageRow } from "@hirestream/contracts/mailbox/message-rows.ts";
import { type ProcessorEvent, processorEvent } from "@hirestream/contracts/processors/events.ts";
import {
  approved,
  edited,
  filled,
  ids,
  inbound,
  personId,
  processorId,
  projectId,
  replied,
  scheduled,
  sent,
  started,
  workspaceId,
} from "@hirestream/domain/processor/testing/processor-fixtures.ts";
import { expect, it } from "vitest";
import { readModelHarness } from "../testing/read-model-harness.ts";
import { messageRowId } from "./messages.projection.ts";

const { given, projected } = readModelHarness();

interface LogEntry {
  scope: string;
  entity: string;
  op: string;
  data: Record<string, unknown>;
}

const stream = `processor-${processorId}`;
const byCreated = (rows: unknown[]) =>
  rows.map((row) => messageRow.parse(row)).sort((a, b) => a.created_at.localeCompare(b.created_at));

it("keeps each step sent and each message received on a run's thread, for the run's person and project", async () => {
  await given(stream, "2026-11-24T09:00:00.000Z", [started(), edited(filled), approved(), scheduled(1)]);
  await given(stream, "2026-11-24T16:00:05.000Z", [sent(1)]);
  await given(stream, "2026-11-24T16:30:00.000Z", [
    {
      type: "AutoReplyReceived",
      data: { ...ids, ...inbound("<ooo@example.com>"), receivedAt: "2026-11-24T16:30:00.000Z" },
    },
  ]);
  await given(stream, "2026-11-24T16:40:00.000Z", [
    {
      type: "StepBounced",
      data: {
        ...ids,
        ...inbound("<dsn-1@mx.example.com>"),
        receivedAt: "2026-11-24T16:40:00.000Z",
        position: 1,
        reason: "Mailbox unknown",
        status: "5.1.1",
      },
    },
  ]);
  await given(stream, "2026-11-24T17:00:00.000Z", [replied("<reply-1@example.com>")]);

  const tables = await projected(100);
  const rows = byCreated(tables.messages ?? []);
  const common = { workspace_id: workspaceId, project_id: projectId, person_id: personId, processor_id: processorId };
  expect(rows).toEqual([
    {
      ...common,
      id: messageRowId(processorId, "<step-1@hirestream.test>"),
      type: "Message::Out",
      kind: null,
      position: 1,
      status: "bounced",
      from: "recruiter@hirestream.test",
      to: "ada@example.com",
      subject: "Your talk",
      body_untracked: "<p>Step 1</p>",
      message_id: "<step-1@hirestream.test>",
      in_reply_to: null,
      tracked: false,
      opened_at: null,
      machine_opened_at: null,
      machine_opener: null,
      created_at: "2026-11-24T16:00:05.000Z",
      updated_at: "2026-11-24T16:40:00.000Z",
    },
    expect.objectContaining({ ...common, type: "Message::In", kind: "auto_reply", status: "received", position: null }),
    expect.objectContaining({ ...common, type: "Message::In", kind: "bounce", position: 1 }),
    {
      ...common,
      id: messageRowId(processorId, "<reply-1@example.com>"),
      type: "Message::In",
      kind: "reply",
      position: null,
      status: "received",
      from: "ada@example.com",
      to: "recruiter@hirestream.test",
      subject: "Re: Your talk",
      body_untracked: "<p>Happy to talk.</p>",
      message_id: "<reply-1@example.com>",
      in_reply_to: null,
      tracked: false,
      opened_at: null,
      machine_opened_at: null,
      machine_opener: null,
      created_at: "2026-11-24T17:00:00.000Z",
      updated_at: "2026-11-24T17:00:00.000Z",
    },
  ]);

  const log = ((tables.change_log ?? []) as LogEntry[]).filter((entry) => entry.entity === "message");
  expect(log.length).toBeGreaterThanOrEqual(4);
  expect(log.every((entry) => entry.scope === `proj:${projectId}` && entry.op === "put")).toBe(true);
});

it("builds the same rows whatever the batches, and keeps a message reported twice once", async () => {
  await given(stream, "2026-11-24T17:05:00.000Z", [replied("<reply-1@example.com>", true)]);
  const oneByOne = await projected(1);
  const together = await projected(500);
  expect(oneByOne.messages).toHaveLength(4);
  expect(byCreated(oneByOne.messages ?? [])).toEqual(byCreated(together.messages ?? []));
});

it("lets a removed project's messages go", async () => {
  await given(`project-${projectId}`, "2026-11-24T18:00:00.000Z", [
    { type: "ProjectRemoved", data: { projectId, workspaceId } },
  ]);
  expect((await projected(100)).messages).toEqual([]);
});

it("marks a tracked message opened by a person's first open, and keeps a mail proxy's fetch apart", async () => {
  // A run of its own: the other test's run already sent this Message-ID.
  const run = "5c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e50";
  const ours = (event: ProcessorEvent) => processorEvent.parse({ ...event, data: { ...event.data, processorId: run } });
  const ourStream = `processor-${run}`;
  const ourRows = async () =>
    byCreated((await projected(100)).messages ?? []).filter((row) => row.processor_id === run);
  const tracked = {
    type: "StepSent" as const,
    data: {
      ...ids,
      processorId: run,
      position: 1,
      messageId: "<step-1@hirestream.test>",
      message: {
        from: "r@hirestream.test",
        to: "ada@example.com",
        subject: "Hi",
        html: "<p>Hi</p>",
        references: [],
        tracked: true as const,
      },
      sentAt: "2026-11-24T16:00:05.000Z",
    },
  };
  const opened = (kind: "human" | "machine", at: string) => ({
    type: "MessageOpened" as const,
    data:
      kind === "human"
        ? { ...ids, processorId: run, position: 1, messageId: "<step-1@hirestream.test>", kind, at }
        : {
            ...ids,
            processorId: run,
            position: 1,
            messageId: "<step-1@hirestream.test>",
            kind,
            opener: "apple_mail_privacy" as const,
            at,
          },
  });
  await given(ourStream, "2026-11-24T09:00:00.000Z", [started(), edited(filled), approved(), scheduled(1)].map(ours));
  await given(ourStream, "2026-11-24T16:00:05.000Z", [tracked]);
  await given(ourStream, "2026-11-24T16:00:07.000Z", [opened("machine", "2026-11-24T16:00:07.000Z")]);
  const before = await ourRows();
  expect(before).toEqual([
    expect.objectContaining({
      tracked: true,
      opened_at: null,
      machine_opened_at: "2026-11-24T16:00:07.000Z",
      machine_opener: "apple_mail_privacy",
    }),
  ]);
  await given(ourStream, "2026-11-24T18:00:00.000Z", [opened("human", "2026-11-24T18:00:00.000Z")]);
  await given(ourStream, "2026-11-24T19:00:00.000Z", [opened("machine", "2026-11-24T19:00:00.000Z")]);
  const after = await ourRows();
  expect(after).toEqual([
    expect.objectContaining({
      tracked: true,
      opened_at: "2026-11-24T18:00:00.000Z",
      machine_opened_at: "2026-11-24T16:00:07.000Z",
    }),
  ]);
});
