import type { ProcessorEvent } from "@hirestream/contracts/processors/events.ts";
import { describe, expect, it } from "vitest";
import type { ProcessorCommand } from "../processor/processor.decider.ts";
import { decide, ids, message, sending, stopped, system } from "../processor/testing/processor-fixtures.ts";

const sentAt = "2026-11-24T16:00:05.000Z";
const later = { ...system, now: new Date("2026-11-24T18:00:00.000Z") };
const atOnce = { ...system, now: new Date("2026-11-24T16:00:07.000Z") };
const safari =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

const sentTracked = (position: number, messageId = `<step-${position}@hirestream.test>`): ProcessorEvent => ({
  type: "StepSent",
  data: { ...ids, position, messageId, message: { ...message(position), tracked: true }, sentAt },
});
const sentUntracked = (position: number): ProcessorEvent => ({
  type: "StepSent",
  data: { ...ids, position, messageId: `<step-${position}@hirestream.test>`, message: message(position), sentAt },
});
const fetched = (position: number, userAgent: string | undefined = safari, ip = "203.0.113.7"): ProcessorCommand => ({
  type: "RecordOpen",
  data: { position, userAgent, ip },
});
const human = (position: number, at: string): ProcessorEvent => ({
  type: "MessageOpened",
  data: { ...ids, position, messageId: `<step-${position}@hirestream.test>`, kind: "human", at },
});

describe("recording an open", () => {
  it("records a person's open of the step's message, once however often it is fetched", () => {
    const opened = human(1, later.now.toISOString());
    expect(decide([...sending(), sentTracked(1)], fetched(1), later)).toEqual([opened]);
    expect(decide([...sending(), sentTracked(1), opened], fetched(1), later)).toEqual([]);
  });

  it("records a machine's fetch apart, once, and a person's open after it still counts", () => {
    const machine: ProcessorEvent = {
      type: "MessageOpened",
      data: {
        ...ids,
        position: 1,
        messageId: "<step-1@hirestream.test>",
        kind: "machine",
        opener: "apple_mail_privacy",
        at: later.now.toISOString(),
      },
    };
    const history = [...sending(), sentTracked(1)];
    expect(decide(history, fetched(1, "Mozilla/5.0"), later)).toEqual([machine]);
    expect(decide([...history, machine], fetched(1, "Mozilla/5.0", "17.1.2.3"), later)).toEqual([]);
    expect(decide([...history, machine], fetched(1), later)).toEqual([human(1, later.now.toISOString())]);
  });

  it("takes a fetch seconds after delivery for a machine's", () => {
    expect(decide([...sending(), sentTracked(1)], fetched(1), atOnce)).toEqual([
      {
        type: "MessageOpened",
        data: {
          ...ids,
          position: 1,
          messageId: "<step-1@hirestream.test>",
          kind: "machine",
          opener: "soon_after_delivery",
          at: atOnce.now.toISOString(),
        },
      },
    ]);
  });

  it("opens each step's own message", () => {
    const history = [...sending(), sentTracked(1), sentTracked(2), human(1, sentAt)];
    expect(decide(history, fetched(2), later)).toEqual([human(2, later.now.toISOString())]);
  });

  it("records nothing for a step not sent, or sent without a pixel", () => {
    expect(decide([...sending(), sentTracked(1)], fetched(2), later)).toEqual([]);
    expect(decide([...sending(), sentUntracked(1)], fetched(1), later)).toEqual([]);
  });

  it("records an open after the run stopped: the message was read all the same", () => {
    expect(decide([...sending(), sentTracked(1), stopped()], fetched(1), later)).toEqual([
      human(1, later.now.toISOString()),
    ]);
  });
});
