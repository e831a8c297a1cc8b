import type { DomainEvent } from "@hirestream/contracts/events.ts";
import type { SequenceStep } from "@hirestream/contracts/sequences/events.ts";
import { expect, it } from "vitest";
import { readModelHarness } from "../testing/read-model-harness.ts";

const { given, projected } = readModelHarness();

const ada = "00000000-0000-4000-8000-00000000000a";
const ws = "00000000-0000-4000-8000-0000000000f1";
const other = "00000000-0000-4000-8000-0000000000f2";
const outreach = "00000000-0000-4000-8000-0000000000b1";
const gone = "00000000-0000-4000-8000-0000000000b2";
const elsewhere = "00000000-0000-4000-8000-0000000000b3";
const credential = "00000000-0000-4000-8000-0000000000c1";

const step = (n: number, subject = `Subject ${n}`): SequenceStep => ({
  id: `00000000-0000-4000-8000-0000000000e${n}`,
  position: n,
  name: `Step ${n}`,
  delay: n === 1 ? 0 : 1440,
  templateSubject: subject,
  templateBody: "<p>Hi {{first_name}}</p>",
  providerId: n === 1 ? credential : null,
  from: n === 1 ? "ada@example.com" : null,
  hasProviderSignature: true,
  workdayStart: "8am",
  workdayEnd: "8pm",
  defaultFields: ["first_name"],
  customFields: [],
});
const stepRow = (n: number, subject = `Subject ${n}`) => ({
  id: `00000000-0000-4000-8000-0000000000e${n}`,
  position: n,
  type: "Step::Message",
  name: `Step ${n}`,
  delay: n === 1 ? 0 : 1440,
  template_subject: subject,
  template_body: "<p>Hi {{first_name}}</p>",
  provider_id: n === 1 ? credential : null,
  from: n === 1 ? "ada@example.com" : null,
  has_provider_signature: true,
  workday_start: "8am",
  workday_end: "8pm",
  default_fields: ["first_name"],
  custom_fields: [],
});
const payloadFields = {
  defaults: [
    { name: "first_name", used: true },
    { name: "last_name", used: false },
    { name: "title", used: false },
    { name: "company_name", used: false },
  ],
  customs: [{ name: "pitch", type: "Text" as const, used: false }],
};
const content = (sequenceId: string, workspaceId: string) => ({
  sequenceId,
  workspaceId,
  name: "Outreach",
  description: "",
  hasReview: false,
  hasWrite: true,
  allowSendWeekend: false,
  allowSendHoliday: false,
  holidayCountry: "US",
  timezone: "America/Chicago",
  payloadFields,
  steps: [step(1), step(2)],
});
const createdIn = (sequenceId: string, workspaceId: string): DomainEvent => ({
  type: "SequenceCreated",
  data: { ...content(sequenceId, workspaceId), userId: ada },
});

it("keeps one row per sequence with its steps in order, synced to its workspace's scope", async () => {
  const created = await given(`sequence-${outreach}`, "2026-11-05T09:00:00.000Z", [createdIn(outreach, ws)]);
  const edited = await given(`sequence-${outreach}`, "2026-11-05T09:01:00.000Z", [
    {
      type: "SequenceEdited",
      data: {
        ...content(outreach, ws),
        name: "Follow-up",
        hasReview: true,
        timezone: "Europe/Madrid",
        steps: [step(1), step(2, "Again"), step(3)],
      },
    },
  ]);
  const goneCreated = await given(`sequence-${gone}`, "2026-11-05T09:02:00.000Z", [createdIn(gone, ws)]);
  const removed = await given(`sequence-${gone}`, "2026-11-05T09:03:00.000Z", [
    { type: "SequenceRemoved", data: { sequenceId: gone, workspaceId: ws } },
  ]);
  const elsewhereCreated = await given(`sequence-${elsewhere}`, "2026-11-05T09:04:00.000Z", [
    createdIn(elsewhere, other),
  ]);
  const workspaceRemoved = await given(`workspace-${other}`, "2026-11-05T09:05:00.000Z", [
    { type: "WorkspaceRemoved", data: { workspaceId: other } },
  ]);

  const tables = await projected(2);

  const row = {
    id: outreach,
    workspace_id: ws,
    name: "Follow-up",
    description: "",
    has_review: true,
    has_write: true,
    allow_send_weekend: false,
    allow_send_holiday: false,
    track_opens: true,
    holiday_country: "US",
    timezone: "Europe/Madrid",
    payload_fields: payloadFields,
    steps: [stepRow(1), stepRow(2, "Again"), stepRow(3)],
    user_id: ada,
    created_at: "2026-11-05T09:00:00+00:00",
    updated_at: "2026-11-05T09:01:00+00:00",
  };
  expect(tables.sequences).toEqual([row]);
  const log = (
    (tables.change_log ?? []) as {
      position: number;
      seq: number;
      scope: string;
      entity: string;
      id: string;
      op: string;
      data: unknown;
    }[]
  )
    .filter((entry) => entry.entity === "sequence")
    .sort((a, b) => a.position - b.position || a.seq - b.seq);
  expect(log.map(({ position, scope, id, op }) => ({ position, scope, id, op }))).toEqual([
    { position: created, scope: `ws:${ws}`, id: outreach, op: "put" },
    { position: edited, scope: `ws:${ws}`, id: outreach, op: "put" },
    { position: goneCreated, scope: `ws:${ws}`, id: gone, op: "put" },
    { position: removed, scope: `ws:${ws}`, id: gone, op: "del" },
    { position: elsewhereCreated, scope: `ws:${other}`, id: elsewhere, op: "put" },
    { position: workspaceRemoved, scope: `ws:${other}`, id: elsewhere, op: "del" },
  ]);
  // What browsers receive is the whole row, as the replica keeps it.
  expect(log.find((entry) => entry.position === edited)?.data).toEqual({
    ...row,
    created_at: "2026-11-05T09:00:00.000Z",
    updated_at: "2026-11-05T09:01:00.000Z",
  });
});
