import type { ProcessorEvent } from "@hirestream/contracts/processors/events.ts";
import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import { rejection } from "../testing/rejection.ts";
import type { ProcessorCommand } from "./processor.decider.ts";
import { processorDecider } from "./processor.decider.ts";
import {
  actorId,
  at,
  bounced,
  candidacyId,
  decide,
  drafted,
  edited,
  editValues,
  event,
  failed,
  fields,
  filled,
  finished,
  ids,
  madeReady,
  manager,
  owner,
  paused,
  personId,
  processorId,
  projectId,
  replied,
  resumed,
  sending,
  sent,
  sequenceId,
  stageId,
  started,
  stopped,
  system,
  workspaceId,
  writer,
} from "./testing/processor-fixtures.ts";

describe("StartProcessor", () => {
  const start: ProcessorCommand = {
    type: "StartProcessor",
    data: {
      processorId,
      candidacyId,
      personId,
      projectId,
      workspaceId,
      stageId,
      sequenceId,
      totalSteps: 3,
      hasReview: true,
      fields,
      known: { first_name: "Ada", company_name: "", title: "CTO" },
      timeZone: "America/Chicago",
      timeZoneSource: "sequence",
    },
  };

  it("starts the run pending, with the known values of its fields, at the decision's time", () => {
    expect(decide([], start, system)).toEqual([
      {
        type: "ProcessorStarted",
        data: {
          ...ids,
          candidacyId,
          personId,
          stageId,
          sequenceId,
          totalSteps: 3,
          hasReview: true,
          fields,
          values: { first_name: "Ada" },
          timeZone: "America/Chicago",
          timeZoneSource: "sequence",
          at,
        },
      },
    ]);
    expect(fold(processorDecider, decide([], start, system))).toMatchObject({ run: { status: "pending" } });
  });

  it("starts no run of a sequence without steps", () => {
    const none = { ...start, data: { ...start.data, totalSteps: 0 } };
    expect(rejection(() => decide([], none, system)).detail).toBe("A sequence without steps starts no run");
  });

  it("starts a run once: the same start again records nothing", () => {
    expect(decide([started()], start, system)).toEqual([]);
  });
});

describe("EditPayload", () => {
  it("records the whole values after the edit, and who edited", () => {
    expect(decide([started()], editValues({ hook: "your talk" }), writer)).toEqual([
      { type: "PayloadEdited", data: { ...ids, values: { first_name: "Ada", hook: "your talk" }, by: actorId, at } },
    ]);
  });

  it("records nothing when nothing changes", () => {
    expect(decide([started()], editValues({ first_name: "Ada" }), writer)).toEqual([]);
  });

  it.each([
    ["pending", [started()]],
    ["draft", [started(), edited(filled)]],
    ["ready", [started({ hasReview: true }), edited(filled), madeReady()]],
    ["failed", [...sending(), failed(1)]],
    ["paused", [...sending(), paused()]],
  ] as const)("edits a %s payload", (_status, history) => {
    expect(decide([...history], editValues({ hook: "another hook" }), owner)).toHaveLength(1);
  });

  it.each([
    ["Sending", sending()],
    ["Bounced", [...sending(), sent(1), bounced(1)]],
    ["Finished", [...sending(), sent(1), sent(2), finished()]],
    ["Replied", [...sending(), sent(1), replied()]],
    ["Inactive", [...sending(), stopped()]],
  ] as const)("refuses to edit a %s payload (409), naming the status", (name, history) => {
    expect(rejection(() => decide([...history], editValues({ hook: "x" }), owner))).toEqual({
      code: "PROCESSOR_EVENT_NOT_ALLOWED",
      detail: `The payload cannot be edited while the status is ${name}`,
      pointer: undefined,
    });
  });

  it("refuses a Text over 80 characters, pointing at the field", () => {
    expect(rejection(() => decide([started()], editValues({ hook: "x".repeat(81) }), writer))).toEqual({
      code: "VALIDATION",
      detail: "is too long (maximum is 80 characters)",
      pointer: "/data/attributes/payload_values/data/hook",
    });
  });

  it("refuses a field the sequence does not have", () => {
    expect(rejection(() => decide([started()], editValues({ ghost: "boo" }), writer))).toEqual({
      code: "VALIDATION",
      detail: "is not a field of this sequence",
      pointer: "/data/attributes/payload_values/data/ghost",
    });
  });

  it("keeps a ready payload whole: emptying a required field is refused", () => {
    const ready = [started({ hasReview: true }), edited(filled), madeReady()];
    expect(rejection(() => decide(ready, editValues({ hook: "" }), owner))).toEqual({
      code: "VALIDATION",
      detail: "This field is required",
      pointer: "/data/attributes/payload_values/data/hook",
    });
  });

  it("lets a pending payload lose a value again", () => {
    expect(decide([started(), edited(filled)], editValues({ hook: null }), writer)).toEqual([
      { type: "PayloadEdited", data: { ...ids, values: { first_name: "Ada" }, by: actorId, at } },
    ]);
  });
});

describe("event_ready", () => {
  it("makes a filled payload of a sequence with review ready", () => {
    expect(decide([started({ hasReview: true }), edited(filled)], event("event_ready"), writer)).toEqual([
      { type: "PayloadMadeReady", data: { ...ids, by: actorId, at } },
    ]);
  });

  it("is refused without review: the draft's button is Send", () => {
    expect(rejection(() => decide([started(), edited(filled)], event("event_ready"), owner))).toEqual({
      code: "PROCESSOR_EVENT_NOT_ALLOWED",
      detail: "event_ready is not allowed while the status is Draft",
      pointer: undefined,
    });
  });

  it("is refused while a required field is empty", () => {
    expect(rejection(() => decide([started({ hasReview: true })], event("event_ready"), writer)).detail).toBe(
      "event_ready is not allowed while the status is Pending",
    );
  });

  it("is refused once ready", () => {
    const ready = [started({ hasReview: true }), edited(filled), madeReady()];
    expect(rejection(() => decide(ready, event("event_ready"), writer)).code).toBe("PROCESSOR_EVENT_NOT_ALLOWED");
  });
});

describe("event_send", () => {
  const approval = [{ type: "PayloadApproved", data: { ...ids, by: actorId, at } }];

  it.each([
    ["a draft without review", [started(), edited(filled)]],
    ["a ready payload", [started({ hasReview: true }), edited(filled), madeReady()]],
    ["a failed one (Send)", [...sending(), failed(1)]],
    ["a bounced one (Retry)", [...sending(), sent(1), bounced(1)]],
  ] as const)("sets %s going", (_name, history) => {
    const state = fold(processorDecider, [...history, ...decide([...history], event("event_send"), owner)]);
    expect(decide([...history], event("event_send"), owner)).toEqual(approval);
    expect(state).toMatchObject({ run: { status: "sending" } });
  });

  it("is refused for a draft with review: nothing goes before it is made ready", () => {
    const draft = [started({ hasReview: true }), edited(filled)];
    expect(rejection(() => decide(draft, event("event_send"), owner)).detail).toBe(
      "event_send is not allowed while the status is Draft",
    );
  });

  it.each([
    ["Pending", [started()]],
    ["Sending", sending()],
    ["Paused", [...sending(), paused()]],
    ["Finished", [...sending(), sent(1), sent(2), finished()]],
    ["Replied", [...sending(), replied()]],
    ["Inactive", [...sending(), stopped()]],
  ] as const)("is refused while %s, changing nothing", (name, history) => {
    expect(rejection(() => decide([...history], event("event_send"), owner))).toEqual({
      code: "PROCESSOR_EVENT_NOT_ALLOWED",
      detail: `event_send is not allowed while the status is ${name}`,
      pointer: undefined,
    });
  });

  it("retries a failed payload only once its required fields are filled again", () => {
    const history = [...sending(), failed(1), edited({ first_name: "Ada" })];
    expect(rejection(() => decide(history, event("event_send"), owner))).toEqual({
      code: "VALIDATION",
      detail: "This field is required",
      pointer: "/data/attributes/payload_values/data/hook",
    });
  });
});

describe("event_pause and event_resume", () => {
  it.each([
    ["ready", [started({ hasReview: true }), edited(filled), madeReady()]],
    ["sending", sending()],
    ["failed", [...sending(), failed(1)]],
    ["bounced", [...sending(), sent(1), bounced(1)]],
  ] as const)("pauses a %s run with the status message", (_name, history) => {
    expect(decide([...history], event("event_pause"), manager)).toEqual([
      { type: "ProcessorPaused", data: { ...ids, statusMessage: "Paused by a user", by: actorId, at } },
    ]);
  });

  it.each([
    ["Pending", [started()]],
    ["Draft", [started(), edited(filled)]],
    ["Paused", [...sending(), paused()]],
    ["Finished", [...sending(), sent(1), sent(2), finished()]],
    ["Replied", [...sending(), replied()]],
    ["Inactive", [...sending(), stopped()]],
  ] as const)("does not pause a %s run", (name, history) => {
    expect(rejection(() => decide([...history], event("event_pause"), owner)).detail).toBe(
      `event_pause is not allowed while the status is ${name}`,
    );
  });

  it("resumes a paused run: it is sending again", () => {
    const history = [...sending(), paused()];
    expect(decide(history, event("event_resume"), owner)).toEqual([
      { type: "ProcessorResumed", data: { ...ids, by: actorId, at } },
    ]);
    expect(fold(processorDecider, [...history, resumed()])).toMatchObject({
      run: { status: "sending", statusMessage: null },
    });
  });

  it.each([
    ["Sending", sending()],
    ["Failed", [...sending(), failed(1)]],
    ["Draft", [started(), edited(filled)]],
  ] as const)("resumes only what is paused, not a %s run", (name, history) => {
    expect(rejection(() => decide([...history], event("event_resume"), owner)).detail).toBe(
      `event_resume is not allowed while the status is ${name}`,
    );
  });
});

describe("a credential whose mailbox refused its sign-in", () => {
  const credentialId = "5c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
  const otherCredentialId = "6d2f3e4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a";
  const statusMessage = "Paused: the sign-in of the mailbox jobs@example.com was revoked or has expired.";
  const pause = (id = credentialId): ProcessorCommand => ({
    type: "PauseForCredential",
    data: { credentialId: id, statusMessage },
  });
  const resume = (id = credentialId): ProcessorCommand => ({ type: "ResumeForCredential", data: { credentialId: id } });
  const pausedFor = (id = credentialId): ProcessorEvent => ({
    type: "ProcessorPaused",
    data: { ...ids, statusMessage, by: null, at, credentialId: id },
  });

  it("pauses a sending run by no one, saying why and for which credential", () => {
    expect(decide(sending(), pause(), system)).toEqual([pausedFor()]);
    expect(fold(processorDecider, [...sending(), pausedFor()])).toMatchObject({
      run: { status: "paused", statusMessage, pausedFor: credentialId, scheduled: null },
    });
  });

  it.each([
    ["pending", [started()]],
    ["paused already", [...sending(), pausedFor()]],
    ["paused by a user", [...sending(), paused()]],
    ["finished", [...sending(), sent(1), sent(2), finished()]],
    ["inactive", [...sending(), stopped()]],
  ] as const)("leaves a %s run as it is", (_name, history) => {
    expect(decide([...history], pause(), system)).toEqual([]);
  });

  it("resumes a run this credential paused, by who reconnected it, and nothing else", () => {
    const history = [...sending(), pausedFor()];
    expect(decide(history, resume(), manager)).toEqual([
      { type: "ProcessorResumed", data: { ...ids, by: actorId, at } },
    ]);
    expect(fold(processorDecider, [...history, resumed()])).toMatchObject({
      run: { status: "sending", pausedFor: null },
    });
    expect(decide(history, resume(otherCredentialId), manager)).toEqual([]);
    expect(decide([...sending(), paused()], resume(), manager)).toEqual([]);
    expect(decide([...sending(), pausedFor(), resumed(), paused()], resume(), manager)).toEqual([]);
    expect(decide(sending(), resume(), manager)).toEqual([]);
  });
});

describe("event none", () => {
  it("does nothing, whatever the status", () => {
    expect(decide([started()], event("none"), writer)).toEqual([]);
    expect(decide([...sending(), stopped()], event("none"), writer)).toEqual([]);
  });
});

describe("StopProcessor", () => {
  const stop: ProcessorCommand = { type: "StopProcessor", data: { reason: "moved" } };
  const stoppedNow: ProcessorEvent = { type: "ProcessorStopped", data: { ...ids, reason: "moved", at } };

  it.each([
    ["pending", [started()]],
    ["ready", [started({ hasReview: true }), edited(filled), madeReady()]],
    ["sending", sending()],
    ["failed", [...sending(), failed(1)]],
    ["bounced", [...sending(), sent(1), bounced(1)]],
    ["paused", [...sending(), paused()]],
  ] as const)("stops a %s run: it is inactive", (_name, history) => {
    expect(decide([...history], stop, system)).toEqual([stoppedNow]);
    expect(fold(processorDecider, [...history, stoppedNow])).toMatchObject({ run: { status: "inactive" } });
  });

  it.each([
    ["replied", [...sending(), replied()]],
    ["finished", [...sending(), sent(1), sent(2), finished()]],
    ["inactive", [...sending(), stopped()]],
  ] as const)("has nothing to stop in a %s run", (_name, history) => {
    expect(decide([...history], stop, system)).toEqual([]);
  });

  it("cannot stop a run that never started", () => {
    expect(rejection(() => decide([], stop, system)).code).toBe("NOT_FOUND");
  });

  it("forgets the schedule of a stopped run", () => {
    const state = fold(processorDecider, [...sending(), drafted(1), stopped()]);
    expect(state).toMatchObject({ run: { status: "inactive", scheduled: null } });
  });
  it.each([
    ["pending", [started()]],
    ["sending", sending()],
    ["failed", [...sending(), failed(1)]],
    ["paused", [...sending(), paused()]],
  ] as const)("stops a %s run for an opt-out with a status message that says why", (_name, history) => {
    const optedOut: ProcessorCommand = { type: "StopProcessor", data: { reason: "opted_out" } };
    const events = decide([...history], optedOut, system);
    expect(events).toEqual([
      {
        type: "ProcessorStopped",
        data: { ...ids, reason: "opted_out", statusMessage: "Stopped: the candidate opted out of these emails", at },
      },
    ]);
    expect(fold(processorDecider, [...history, ...events])).toMatchObject({
      run: { status: "inactive", scheduled: null, statusMessage: "Stopped: the candidate opted out of these emails" },
    });
  });

  it("leaves a replied run as it ended when its candidate opts out", () => {
    const optedOut: ProcessorCommand = { type: "StopProcessor", data: { reason: "opted_out" } };
    expect(decide([...sending(), replied()], optedOut, system)).toEqual([]);
  });

  it("keeps the status message a stop for another reason leaves unsaid", () => {
    const state = fold(processorDecider, [...sending(), paused(), stoppedNow]);
    expect(state).toMatchObject({ run: { status: "inactive", statusMessage: "Paused by a user" } });
  });
});
