import { emptyProfile } from "@hirestream/contracts/people/profile.ts";
import {
  approved,
  edited,
  filled,
  madeReady,
  personId,
  processorId,
  projectId,
  scheduled,
  sent,
  started,
  workspaceId,
} from "@hirestream/domain/processor/testing/processor-fixtures.ts";
import { expect, it } from "vitest";
import { readModelHarness } from "../testing/read-model-harness.ts";

const { given, projected } = readModelHarness();

const ownerId = "00000000-0000-4000-8000-00000000000a";

interface LogEntry {
  position: number;
  scope: string;
  entity: string;
  id: string;
  op: string;
  data: Record<string, unknown>;
}

it("keeps a run's payload with the status table's status, button and counts, and the person's name", async () => {
  await given(`person-${personId}`, "2026-11-24T08:00:00.000Z", [
    {
      type: "PersonAdded",
      data: {
        personId,
        ownerId,
        profile: { ...emptyProfile(), first_name: "Ada", last_name: "Lovelace" },
        workspaceId,
        source: "manual",
      },
    },
  ]);
  const stream = `processor-${processorId}`;
  const pending = await given(stream, "2026-11-24T09:00:00.000Z", [started({ hasReview: true })]);
  const draft = await given(stream, "2026-11-24T09:01:00.000Z", [edited(filled)]);
  const ready = await given(stream, "2026-11-24T09:02:00.000Z", [madeReady()]);
  await given(stream, "2026-11-24T09:03:00.000Z", [approved(), scheduled(1), sent(1)]);
  const renamed = await given(`person-${personId}`, "2026-11-24T09:04:00.000Z", [
    { type: "PersonProfileChanged", data: { personId, changes: { last_name: "King" } } },
  ]);

  const tables = await projected(2);
  const { run: _run, ...row } = (tables.payloads?.[0] ?? {}) as Record<string, unknown>;
  expect(tables.payloads).toHaveLength(1);
  expect(row).toMatchObject({
    id: processorId,
    project_id: projectId,
    person_id: personId,
    first_name: "Ada",
    last_name: "King",
    has_review: true,
    status: "sending",
    status_position: 4,
    empty_count: 0,
    editable: false,
    button: null,
    event: "none",
    payload_values: { data: filled },
    time_zone: "Europe/Berlin",
    time_zone_source: "candidate",
    // Its step went without a pixel.
    opens: "not_tracked",
    processor: {
      id: processorId,
      status: "sending",
      last_step_sent_position: 1,
      total_steps: 2,
      last_step_sent_date: "2026-11-24T16:00:05.000Z",
      current_step_schedule_date: null,
    },
  });

  const log = ((tables.change_log ?? []) as LogEntry[])
    .filter((entry) => entry.entity === "payload")
    .sort((a, b) => a.position - b.position);
  expect(log.every((entry) => entry.scope === `proj:${projectId}` && entry.op === "put")).toBe(true);
  expect(log.every((entry) => !("run" in entry.data))).toBe(true);
  const statusAt = (position: number) => log.find((entry) => entry.position === position)?.data;
  // Pending until every field in use is filled (one is missing: the hook), then draft with Ready.
  expect(statusAt(pending)).toMatchObject({ status: "pending", empty_count: 1, button: null, editable: true });
  expect(statusAt(draft)).toMatchObject({ status: "draft", empty_count: 0, button: "Ready", event: "event_ready" });
  expect(statusAt(ready)).toMatchObject({ status: "ready", button: "Send", event: "event_send" });
  expect(statusAt(renamed)).toMatchObject({ last_name: "King" });
});
