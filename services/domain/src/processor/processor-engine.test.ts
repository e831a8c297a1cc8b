import type { ProcessorEvent } from "@hirestream/contracts/processors/events.ts";
import { describe, expect, it } from "vitest";
import { fold } from "../decider.ts";
import { rejection } from "../testing/rejection.ts";
import type { ProcessorCommand } from "./processor.decider.ts";
import { processorDecider } from "./processor.decider.ts";
import {
  approved,
  at,
  bounced,
  decide,
  drafted,
  edited,
  failed,
  filled,
  finished,
  ids,
  inbound,
  message,
  paused,
  replied,
  resumed,
  scheduled,
  sending,
  sent,
  started,
  stopped,
  system,
} from "./testing/processor-fixtures.ts";

const schedule = (position: number, jobKey = `step-${position}`): ProcessorCommand => ({
  type: "ScheduleStep",
  data: { position, dueAt: "2026-11-24T16:00:00.000Z", jobKey },
});
const draft = (position: number): ProcessorCommand => ({
  type: "RecordStepDrafted",
  data: {
    position,
    draftId: `draft-${position}`,
    messageId: `<step-${position}@hirestream.test>`,
    message: message(position),
  },
});
const send = (position: number, messageId = `<step-${position}@hirestream.test>`): ProcessorCommand => ({
  type: "RecordStepSent",
  data: { position, messageId, message: message(position), sentAt: "2026-11-24T16:00:05.000Z" },
});
const fail = (position: number, uncertain?: boolean): ProcessorCommand => ({
  type: "RecordStepFailed",
  data: { position, failMessage: "Connection closed after DATA", ...(uncertain === undefined ? {} : { uncertain }) },
});
const reply = (messageId = "<reply-1@example.com>"): ProcessorCommand => ({
  type: "RecordReply",
  data: inbound(messageId),
});
const autoReply = (messageId = "<ooo-1@example.com>"): ProcessorCommand => ({
  type: "RecordAutoReply",
  data: inbound(messageId),
});
const bounce = (position: number, messageId = "<dsn-1@mx.example.com>"): ProcessorCommand => ({
  type: "RecordBounce",
  data: { ...inbound(messageId), position, reason: "Mailbox unknown", status: "5.1.1" },
});
const statusAfter = (history: ProcessorEvent[]) => {
  const state = fold(processorDecider, history);
  return state.status === "started" ? state.run.status : null;
};

describe("a step's life: scheduled, drafted, sent", () => {
  it("schedules the next step of a sending run, and the same schedule again records nothing", () => {
    expect(decide(sending(), schedule(1), system)).toEqual([scheduled(1)]);
    expect(decide([...sending(), scheduled(1)], schedule(1), system)).toEqual([]);
  });

  it("records a new schedule for the same step when its job changes (after a resume)", () => {
    expect(decide([...sending(), scheduled(1), paused(), resumed()], schedule(1, "again"), system)).toEqual([
      scheduled(1, "again"),
    ]);
  });

  it("records the draft, once", () => {
    expect(decide([...sending(), scheduled(1)], draft(1), system)).toEqual([drafted(1)]);
    expect(decide([...sending(), scheduled(1), drafted(1)], draft(1), system)).toEqual([]);
  });

  it("records the sent step; the run keeps sending while steps remain", () => {
    const history = [...sending(), scheduled(1), drafted(1)];
    expect(decide(history, send(1), system)).toEqual([sent(1)]);
    expect(fold(processorDecider, [...history, sent(1)])).toMatchObject({
      run: { status: "sending", nextPosition: 2, lastSentPosition: 1, scheduled: null, inFlight: null },
    });
  });

  it("finishes the run with its last step, in the same decision", () => {
    const history = [...sending(), sent(1), scheduled(2)];
    expect(decide(history, send(2), system)).toEqual([sent(2), finished(at)]);
    expect(statusAfter([...history, sent(2), finished(at)])).toBe("finished");
  });

  it("takes a late StepSent for a step already sent as done: nothing new", () => {
    expect(decide([...sending(), sent(1)], send(1), system)).toEqual([]);
    expect(decide([...sending(), sent(1)], send(1, "<another-id@hirestream.test>"), system)).toEqual([]);
    expect(decide([...sending(), sent(1), sent(2), finished()], send(2), system)).toEqual([]);
  });

  it("refuses a step out of turn", () => {
    expect(rejection(() => decide(sending(), schedule(2), system))).toEqual({
      code: "PROCESSOR_EVENT_NOT_ALLOWED",
      detail: "Step 2 is not the next step (1)",
      pointer: undefined,
    });
    expect(rejection(() => decide(sending(), send(2), system)).code).toBe("PROCESSOR_EVENT_NOT_ALLOWED");
  });

  it.each([
    ["Pending", [started()]],
    ["Draft", [started(), edited(filled)]],
    ["Paused", [...sending(), paused()]],
    ["Replied", [...sending(), replied()]],
    ["Inactive", [...sending(), stopped()]],
    ["Failed", [...sending(), failed(1)]],
  ] as const)("begins no step while %s", (name, history) => {
    expect(rejection(() => decide([...history], schedule(1), system))).toEqual({
      code: "PROCESSOR_EVENT_NOT_ALLOWED",
      detail: `StepScheduled is not allowed while the status is ${name}`,
      pointer: undefined,
    });
    expect(rejection(() => decide([...history], draft(1), system)).code).toBe("PROCESSOR_EVENT_NOT_ALLOWED");
    expect(rejection(() => decide([...history], send(1), system)).code).toBe("PROCESSOR_EVENT_NOT_ALLOWED");
  });

  it("takes no step after the last", () => {
    const done = [...sending(), sent(1), sent(2), finished()];
    expect(rejection(() => decide(done, schedule(3), system)).code).toBe("PROCESSOR_EVENT_NOT_ALLOWED");
  });
});

describe("a step already on its way when the run changes", () => {
  it("records the drafted step that went after a pause; the run stays paused", () => {
    const history = [...sending(), drafted(1), paused()];
    expect(decide(history, send(1), system)).toEqual([sent(1)]);
    expect(statusAfter([...history, sent(1)])).toBe("paused");
  });

  it("records the drafted step that went after a stop, without finishing the run", () => {
    const history = [started({ totalSteps: 1 }), edited(filled), approved(), drafted(1), stopped()];
    expect(decide(history, send(1), system)).toEqual([sent(1)]);
    expect(statusAfter([...history, sent(1)])).toBe("inactive");
  });

  it("finishes a paused run whose last step went while it was paused", () => {
    const history = [started({ totalSteps: 1 }), edited(filled), approved(), drafted(1), paused()];
    expect(decide(history, send(1), system)).toEqual([sent(1), finished(at)]);
  });
});

describe("a failed step", () => {
  it("fails the run with the message", () => {
    const history = [...sending(), scheduled(1), drafted(1)];
    expect(decide(history, fail(1), system)).toEqual([failed(1, undefined, at)]);
    expect(fold(processorDecider, [...history, failed(1)])).toMatchObject({
      run: { status: "failed", failMessage: "Connection closed after DATA", scheduled: null, inFlight: null },
    });
  });

  it("records the same failure once", () => {
    expect(decide([...sending(), failed(1)], fail(1), system)).toEqual([]);
  });

  it("takes the StepSent of an uncertain failure that went after all: sending again, the failure forgotten", () => {
    const history = [...sending(), drafted(1), failed(1, true)];
    expect(decide(history, send(1), system)).toEqual([sent(1)]);
    expect(fold(processorDecider, [...history, sent(1)])).toMatchObject({
      run: { status: "sending", failMessage: null, nextPosition: 2 },
    });
  });

  it("refuses a StepSent after a certain failure: that message did not go", () => {
    expect(rejection(() => decide([...sending(), drafted(1), failed(1, false)], send(1), system)).code).toBe(
      "PROCESSOR_EVENT_NOT_ALLOWED",
    );
  });

  it("ignores a failure reported for a step that was sent", () => {
    expect(decide([...sending(), sent(1)], fail(1), system)).toEqual([]);
  });
});

describe("replies", () => {
  it.each([
    ["sending", sending()],
    ["finished", [...sending(), sent(1), sent(2), finished()]],
    ["paused", [...sending(), sent(1), paused()]],
    ["bounced", [...sending(), sent(1), bounced(1)]],
  ] as const)("a reply to a %s run marks it replied", (_name, history) => {
    expect(decide([...history], reply(), system)).toEqual([replied()]);
    expect(statusAfter([...history, replied()])).toBe("replied");
  });

  it("a replied run sends nothing more", () => {
    const history = [...sending(), sent(1), replied()];
    expect(rejection(() => decide(history, schedule(2), system)).detail).toBe(
      "StepScheduled is not allowed while the status is Replied",
    );
  });

  it("records a reply once, and a second reply as another", () => {
    expect(decide([...sending(), replied()], reply(), system)).toEqual([]);
    expect(decide([...sending(), replied()], reply("<reply-2@example.com>"), system)).toEqual([
      replied("<reply-2@example.com>"),
    ]);
  });

  it("records a reply after a stop, marked so: the run stays inactive", () => {
    const history = [...sending(), sent(1), stopped()];
    expect(decide(history, reply(), system)).toEqual([replied("<reply-1@example.com>", true)]);
    expect(statusAfter([...history, replied("<reply-1@example.com>", true)])).toBe("inactive");
  });

  it("records an automatic reply, once, without counting it as a reply", () => {
    const history = [...sending(), sent(1)];
    const recorded = decide(history, autoReply(), system);
    expect(recorded).toEqual([{ type: "AutoReplyReceived", data: { ...ids, ...inbound("<ooo-1@example.com>") } }]);
    expect(statusAfter([...history, ...recorded])).toBe("sending");
    expect(decide([...history, ...recorded], autoReply(), system)).toEqual([]);
  });
});

describe("bounces", () => {
  it("marks the run bounced and sets the bounced step to go again on Retry", () => {
    const history = [...sending(), sent(1), scheduled(2)];
    expect(decide(history, bounce(1), system)).toEqual([bounced(1)]);
    expect(fold(processorDecider, [...history, bounced(1)])).toMatchObject({
      run: { status: "bounced", failMessage: "Mailbox unknown", nextPosition: 1, lastSentPosition: 1, scheduled: null },
    });
  });

  it("sends the bounced step again after Retry, but not the first message reported late", () => {
    const history = [...sending(), sent(1), bounced(1), approved()];
    expect(decide(history, send(1), system)).toEqual([]);
    expect(decide(history, send(1, "<step-1-again@hirestream.test>"), system)).toEqual([
      sent(1, "<step-1-again@hirestream.test>"),
    ]);
  });

  it("records the same report once", () => {
    expect(decide([...sending(), sent(1), bounced(1)], bounce(1), system)).toEqual([]);
  });

  it("refuses a bounce of a step that never went", () => {
    expect(rejection(() => decide(sending(), bounce(1), system))).toEqual({
      code: "PROCESSOR_EVENT_NOT_ALLOWED",
      detail: "Step 1 was not sent",
      pointer: undefined,
    });
  });

  it("records a bounce of a replied or stopped run without changing it", () => {
    expect(statusAfter([...sending(), sent(1), replied(), bounced(1)])).toBe("replied");
    expect(statusAfter([...sending(), sent(1), stopped(), bounced(1)])).toBe("inactive");
  });
});

describe("the engine's records", () => {
  it("need a started run", () => {
    expect(rejection(() => decide([], schedule(1), system)).detail).toBe("Payload not found");
  });
});
