import { DomainError } from "@hirestream/contracts/errors.ts";
import { createSequenceAttributes, updateSequenceAttributes } from "@hirestream/contracts/sequences/commands.ts";
import { type SequenceEvent, type SequenceStep, sequenceEvent } from "@hirestream/contracts/sequences/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import { type SequenceCommand, type SequenceContext, sequenceDecider } from "./sequence.decider.ts";

const sequenceId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const workspaceId = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const otherWorkspaceId = "9f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const actorId = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
const creatorId = "1c6e4f4f-7b2a-4d2f-8e8b-3a2d4c5b6f70";
const credentialId = "2d7f5a5a-8c3b-4e3a-9f9c-4b3e5d6c7a81";
const now = new Date("2026-11-24T12:00:00Z");
const stepId = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`;
const newStepIds = [stepId(11), stepId(12), stepId(13), stepId(14)];

const as = (role: WorkspaceRole | undefined, actor: string = actorId, extra: Partial<SequenceContext> = {}) => ({
  now,
  actorId: actor,
  workspaceRole: role,
  ...extra,
});

const twoSteps = [
  { template_subject: "Hello {{first_name}}", template_body: "<p>About {{project_title}}</p>" },
  { template_subject: "Again", template_body: "<p>{{pitch}}</p>" },
];
const createBody = (attributes: Record<string, unknown> = {}) =>
  createSequenceAttributes.parse({
    name: " Outreach ",
    steps: twoSteps,
    payload_fields: { customs: [{ name: "pitch", type: "Text area" }] },
    ...attributes,
  });
const create = (attributes: Record<string, unknown> = {}): SequenceCommand => ({
  type: "CreateSequence",
  data: { sequenceId, workspaceId, attributes: createBody(attributes), newStepIds },
});
const edit = (attributes: Record<string, unknown>, inWorkspace = workspaceId): SequenceCommand => ({
  type: "EditSequence",
  data: {
    workspaceId: inWorkspace,
    attributes: updateSequenceAttributes.parse(attributes),
    newStepIds,
  },
});
const remove = (inWorkspace = workspaceId): SequenceCommand => ({
  type: "RemoveSequence",
  data: { workspaceId: inWorkspace },
});

function when(given: SequenceEvent[], command: SequenceCommand, context: SequenceContext): SequenceEvent[] {
  const events = sequenceDecider.decide(fold(sequenceDecider, given), command, context);
  for (const event of events) sequenceEvent.parse(event);
  return events;
}

function rejection(given: SequenceEvent[], command: SequenceCommand, context: SequenceContext) {
  try {
    sequenceDecider.decide(fold(sequenceDecider, given), command, context);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, message: error.message, pointer: error.pointer };
  }
  throw new Error(`expected ${command.type} to be rejected, but it was accepted`);
}

const step = (n: number, fields: Partial<SequenceStep> = {}): SequenceStep => ({
  id: stepId(10 + n),
  position: n,
  name: `Step ${n}`,
  delay: n === 1 ? 0 : 1440,
  templateSubject: n === 1 ? "Hello {{first_name}}" : "Again",
  templateBody: n === 1 ? "<p>About {{project_title}}</p>" : "<p>{{pitch}}</p>",
  providerId: null,
  from: null,
  hasProviderSignature: true,
  workdayStart: "8am",
  workdayEnd: "8pm",
  defaultFields: n === 1 ? ["first_name", "project_title"] : [],
  customFields: n === 1 ? [] : ["pitch"],
  ...fields,
});

const created = (): SequenceEvent => ({
  type: "SequenceCreated",
  data: {
    sequenceId,
    workspaceId,
    userId: creatorId,
    name: "Outreach",
    description: "",
    hasReview: false,
    hasWrite: true,
    allowSendWeekend: false,
    allowSendHoliday: false,
    trackOpens: true,
    holidayCountry: "US",
    timezone: "America/Chicago",
    payloadFields: {
      defaults: [
        { name: "first_name", used: true },
        { name: "last_name", used: false },
        { name: "title", used: false },
        { name: "company_name", used: false },
      ],
      customs: [{ name: "pitch", type: "Text area", used: true }],
    },
    steps: [step(1), step(2)],
  },
});

describe("creating a sequence", () => {
  it("fills spec §4's defaults, numbers the steps from 1 and derives the fields each step uses", () => {
    expect(when([], create(), as("collaborator", creatorId))).toEqual([created()]);
  });

  it("keeps what is sent: flags, region, zone, step names, delays, hours, credential and signature", () => {
    const [event] = when(
      [],
      create({
        description: "First contact",
        has_review: true,
        allow_send_weekend: true,
        allow_send_holiday: true,
        holiday_country: "GB",
        timezone: "Europe/London",
        payload_fields: { customs: [] },
        steps: [
          {
            id: stepId(1),
            name: "Intro",
            delay: 30,
            template_subject: "Hi",
            template_body: "<p>Hi</p>",
            provider_id: credentialId,
            from: "ada@example.com",
            has_provider_signature: false,
            workday_start: "9am",
            workday_end: "5pm",
          },
        ],
      }),
      as("owner"),
    );
    expect(event?.type === "SequenceCreated" && event.data).toMatchObject({
      description: "First contact",
      hasReview: true,
      hasWrite: false,
      allowSendWeekend: true,
      allowSendHoliday: true,
      holidayCountry: "GB",
      timezone: "Europe/London",
      payloadFields: { customs: [] },
      steps: [
        {
          id: stepId(1),
          position: 1,
          name: "Intro",
          delay: 30,
          providerId: credentialId,
          from: "ada@example.com",
          hasProviderSignature: false,
          workdayStart: "9am",
          workdayEnd: "5pm",
          defaultFields: [],
          customFields: [],
        },
      ],
    });
  });

  it("orders steps by the positions sent and names blank ones Step {n} after their place", () => {
    const [event] = when(
      [],
      create({
        steps: [
          { ...twoSteps[1], position: 2, name: " " },
          { ...twoSteps[0], position: 1 },
        ],
      }),
      as("owner"),
    );
    const steps = event?.type === "SequenceCreated" ? event.data.steps : [];
    expect(steps.map((s) => [s.position, s.name, s.templateSubject, s.id, s.delay])).toEqual([
      [1, "Step 1", "Hello {{first_name}}", stepId(12), 0],
      [2, "Step 2", "Again", stepId(11), 1440],
    ]);
  });

  it("refuses two steps with one id", () => {
    const steps = twoSteps.map((s) => ({ ...s, id: stepId(1) }));
    expect(rejection([], create({ steps }), as("owner"))).toEqual({
      code: "VALIDATION",
      message: "has already been taken",
      pointer: "/data/attributes/steps/1/id",
    });
  });

  it("is refused to a viewer (403) and to someone outside the workspace (404)", () => {
    expect(rejection([], create(), as("viewer")).code).toBe("FORBIDDEN");
    expect(rejection([], create(), as(undefined)).code).toBe("NOT_FOUND");
  });

  it("refuses an id already used", () => {
    expect(rejection([created()], create(), as("owner")).code).toBe("ALREADY_EXISTS");
  });
});

describe("editing a sequence", () => {
  it("answers the whole sequence after the edit, keeping what is not sent", () => {
    const events = when([created()], edit({ name: "Follow-up", has_review: true }), as("manager"));
    expect(events).toEqual([
      { type: "SequenceEdited", data: { ...omitUser(created()), name: "Follow-up", hasReview: true } },
    ]);
  });

  it("changes nothing when nothing changes", () => {
    expect(when([created()], edit({ name: "Outreach" }), as("owner"))).toEqual([]);
  });

  it("keeps step ids: by the id sent, else the saved step's at the same place; a step added gets a new id", () => {
    const events = when(
      [created()],
      edit({
        payload_fields: { customs: [{ name: "pitch", type: "Text area" }] },
        steps: [
          { ...twoSteps[0], template_subject: "Hello there" },
          { ...twoSteps[1], id: stepId(12) },
          { template_subject: "Last", template_body: "<p>Bye</p>" },
        ],
      }),
      as("owner"),
    );
    const steps = events[0]?.type === "SequenceEdited" ? events[0].data.steps : [];
    expect(steps.map((s) => [s.id, s.position, s.name, s.delay, s.templateSubject])).toEqual([
      [stepId(11), 1, "Step 1", 0, "Hello there"],
      [stepId(12), 2, "Step 2", 1440, "Again"],
      [stepId(13), 3, "Step 3", 1440, "Last"],
    ]);
  });

  it("refuses to remove a saved step: a candidate may be on it", () => {
    const onlyFirst = { steps: [twoSteps[0]], payload_fields: { customs: [{ name: "pitch", type: "Text area" }] } };
    expect(rejection([created()], edit(onlyFirst), as("owner"))).toEqual({
      code: "VALIDATION",
      message: "Step 2 is saved and cannot be removed",
      pointer: "/data/attributes/steps",
    });
  });

  it("refuses to drop a custom variable a saved step still uses", () => {
    expect(rejection([created()], edit({ payload_fields: { customs: [] } }), as("owner"))).toEqual({
      code: "VALIDATION",
      message: "uses an unknown variable: {{pitch}}",
      pointer: "/data/attributes/payload_fields/customs",
    });
  });

  it("lets steps sent alone use the saved custom variables, and refuses one never defined where it was sent", () => {
    const events = when(
      [created()],
      edit({ steps: [twoSteps[0], { ...twoSteps[1], template_subject: "{{pitch}}" }] }),
      as("owner"),
    );
    expect(events[0]?.type === "SequenceEdited" && events[0].data.steps[1]?.customFields).toEqual(["pitch"]);
    const steps = [
      { ...twoSteps[1], position: 2 },
      { ...twoSteps[0], position: 1, template_body: "<p>{{hook}}</p>" },
    ];
    expect(rejection([created()], edit({ steps }), as("owner"))).toEqual({
      code: "VALIDATION",
      message: "uses an unknown variable: {{hook}}",
      pointer: "/data/attributes/steps/1/template_body",
    });
  });

  it("marks variables used and has_write from the steps and customs after the edit", () => {
    const events = when(
      [created()],
      edit({
        payload_fields: {
          customs: [
            { name: "pitch", type: "Text" },
            { name: "hook", type: "Text" },
          ],
        },
        steps: [twoSteps[0], { ...twoSteps[1], template_subject: "{{last_name}}", template_body: "<p>{{hook}}</p>" }],
      }),
      as("owner"),
    );
    const data = events[0]?.type === "SequenceEdited" ? events[0].data : undefined;
    expect(data?.payloadFields).toEqual({
      defaults: [
        { name: "first_name", used: true },
        { name: "last_name", used: true },
        { name: "title", used: false },
        { name: "company_name", used: false },
      ],
      customs: [
        { name: "pitch", type: "Text", used: false },
        { name: "hook", type: "Text", used: true },
      ],
    });
    expect(data?.steps[1]).toMatchObject({ defaultFields: ["last_name"], customFields: ["hook"] });
    expect(data?.hasWrite).toBe(true);
  });

  it("lets a collaborator edit the sequences they created, not another's (403), nor a viewer (403)", () => {
    expect(when([created()], edit({ name: "Mine" }), as("collaborator", creatorId))).toHaveLength(1);
    expect(rejection([created()], edit({ name: "Theirs" }), as("collaborator")).code).toBe("FORBIDDEN");
    expect(rejection([created()], edit({ name: "Theirs" }), as("viewer", creatorId)).code).toBe("FORBIDDEN");
  });

  it("answers 404 for another workspace's sequence, a removed one, or one never made", () => {
    expect(rejection([created()], edit({ name: "X" }, otherWorkspaceId), as("owner")).code).toBe("NOT_FOUND");
    const removed: SequenceEvent = { type: "SequenceRemoved", data: { sequenceId, workspaceId } };
    expect(rejection([created(), removed], edit({ name: "X" }), as("owner")).code).toBe("NOT_FOUND");
    expect(rejection([], edit({ name: "X" }), as("owner")).code).toBe("NOT_FOUND");
  });
});

describe("removing a sequence", () => {
  it("removes a sequence no stage starts", () => {
    expect(when([created()], remove(), as("manager"))).toEqual([
      { type: "SequenceRemoved", data: { sequenceId, workspaceId } },
    ]);
  });

  it("refuses (409) while a stage starts it, naming the stage and its workflow", () => {
    const context = as("owner", actorId, { stagesUsing: [{ workflowName: "Engineering", stageName: "Contacted" }] });
    expect(rejection([created()], remove(), context)).toEqual({
      code: "CONFLICT",
      message:
        "This sequence is started by the stage Contacted of the workflow Engineering: choose another sequence there before removing it",
      pointer: undefined,
    });
  });

  it("is refused to a viewer before existence, and to a collaborator for another's sequence", () => {
    expect(rejection([], remove(), as("viewer")).code).toBe("FORBIDDEN");
    expect(rejection([created()], remove(), as("collaborator")).code).toBe("FORBIDDEN");
    expect(rejection([created()], remove(otherWorkspaceId), as("owner")).code).toBe("NOT_FOUND");
  });
});

function omitUser(event: SequenceEvent) {
  if (event.type !== "SequenceCreated") throw new Error("expected a creation");
  const { userId: _userId, ...data } = event.data;
  return data;
}
