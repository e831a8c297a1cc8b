import type { DomainEvent, DomainEventType } from "@hirestream/contracts/events.ts";

// The ids and time the examples of every event type share: all about one workspace, project,
// candidacy and run.

export const ids = {
  workspace: "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d",
  project: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  candidacy: "c0000000-0000-4000-8000-000000000001",
  person: "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  processor: "d0000000-0000-4000-8000-000000000001",
  sequence: "5e000000-0000-4000-8000-000000000001",
  workflow: "f0000000-0000-4000-8000-000000000001",
  template: "f0000000-0000-4000-8000-000000000002",
  user: "a0000000-0000-4000-8000-000000000001",
  other: "a0000000-0000-4000-8000-000000000002",
  credential: "cc000000-0000-4000-8000-000000000001",
  invitation: "1a000000-0000-4000-8000-000000000001",
  optOut: "0b000000-0000-4000-8000-000000000001",
  stageA: "e0000000-0000-4000-8000-000000000001",
  stageB: "e0000000-0000-4000-8000-000000000002",
  step: "57000000-0000-4000-8000-000000000001",
} as const;

export const at = "2026-11-02T10:00:00.000Z";

export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** One example of each of the event types `T`. */
export type Examples<T extends DomainEventType> = { [K in T]: EventOf<K> };

/** The data of a `T` with the fields `K` given; the others, which have a usual value, may be. */
export type Given<T extends DomainEventType, K extends keyof EventOf<T>["data"]> = Pick<EventOf<T>["data"], K> &
  Partial<EventOf<T>["data"]>;
