import type { ProfileAddedMeta } from "@hirestream/contracts/people/from-profile.ts";
import { describe, expect, it } from "vitest";
import {
  dueAdds,
  enqueue,
  FINISHED_KEPT,
  FIRST_RETRY_MS,
  LONGEST_RETRY_MS,
  latestAddOf,
  nextWake,
  type Outbox,
  readOutbox,
  resumeSignedOut,
  retryDelay,
  settle,
} from "./outbox.ts";

const ID = "0b8f3c1e-6a0e-4f3e-9d55-2b1f7d1c0a01";
const OTHER = "0b8f3c1e-6a0e-4f3e-9d55-2b1f7d1c0a02";
const PROFILE = "https://linkedin.com/in/ada";
const attributes = { first_name: "Ada", last_name: "Lovelace", linkedin: "https://www.linkedin.com/in/ada/" };
const meta: ProfileAddedMeta = { position: 4, outcome: "new", link: "/profile/p1" };

function queued(now = 1000): Outbox {
  return enqueue([], { id: ID, profile: PROFILE, attributes }, now);
}

describe("the outbox", () => {
  it("sends a new add at once", () => {
    expect(dueAdds(queued(1000), 1000).map((add) => add.id)).toEqual([ID]);
    expect(nextWake(queued(1000))).toBe(1000);
  });

  it("keeps an add that got no answer and sends it again after a delay that doubles", () => {
    let box = settle(queued(0), ID, { kind: "retry", reason: "offline", retryAfterSeconds: null }, 0);
    expect(dueAdds(box, FIRST_RETRY_MS - 1)).toEqual([]);
    expect(dueAdds(box, FIRST_RETRY_MS).map((add) => add.id)).toEqual([ID]);
    box = settle(box, ID, { kind: "retry", reason: "offline", retryAfterSeconds: null }, FIRST_RETRY_MS);
    expect(nextWake(box)).toBe(FIRST_RETRY_MS + 2 * FIRST_RETRY_MS);
    expect(box[0]?.state).toMatchObject({ status: "waiting", attempts: 2, reason: "offline" });
  });

  it("never waits longer than the longest delay, unless the server asks for more", () => {
    expect(retryDelay(1, null)).toBe(FIRST_RETRY_MS);
    expect(retryDelay(40, null)).toBe(LONGEST_RETRY_MS);
    expect(retryDelay(1, 120)).toBe(120_000);
    expect(retryDelay(40, 3600)).toBe(3_600_000);
  });

  it("stops sending an add once it is added, and keeps its answer for the panel", () => {
    const box = settle(queued(), ID, { kind: "added", meta }, 2000);
    expect(dueAdds(box, 10_000_000)).toEqual([]);
    expect(nextWake(box)).toBeNull();
    expect(latestAddOf(box, PROFILE)?.state).toEqual({ status: "added", meta, finished_at: 2000 });
  });

  it("stops sending an add the server refused, with its words", () => {
    const box = settle(queued(), ID, { kind: "refused", detail: "first name: This field is required" }, 2000);
    expect(dueAdds(box, 10_000_000)).toEqual([]);
    expect(box[0]?.state).toEqual({
      status: "refused",
      detail: "first name: This field is required",
      finished_at: 2000,
    });
  });

  it("holds an add while signed out and sends it as soon as a session comes", () => {
    const box = settle(queued(), ID, { kind: "signed_out" }, 2000);
    expect(dueAdds(box, 10_000_000)).toEqual([]);
    expect(nextWake(box)).toBeNull();
    const resumed = resumeSignedOut(box, 5000);
    expect(dueAdds(resumed, 5000).map((add) => add.id)).toEqual([ID]);
  });

  it("leaves the other adds as they are when one is answered", () => {
    const box = enqueue(queued(1000), { id: OTHER, profile: "https://linkedin.com/in/bob", attributes }, 1500);
    const settled = settle(box, ID, { kind: "added", meta }, 2000);
    expect(settled[1]).toEqual(box[1]);
  });

  it("forgets the oldest finished adds beyond those it keeps, never a waiting one", () => {
    const ids = Array.from(
      { length: FINISHED_KEPT + 3 },
      (_, n) => `0b8f3c1e-6a0e-4f3e-9d55-${String(n).padStart(12, "0")}`,
    );
    let box = enqueue([], { id: ID, profile: PROFILE, attributes }, 0);
    for (const [n, id] of ids.entries())
      box = enqueue(box, { id, profile: `https://linkedin.com/in/p${n}`, attributes }, n);
    for (const [n, id] of ids.entries()) box = settle(box, id, { kind: "added", meta }, n);
    expect(box).toHaveLength(FINISHED_KEPT + 1);
    expect(box.some((add) => add.id === ID)).toBe(true);
    expect(box.map((add) => add.profile)).not.toContain("https://linkedin.com/in/p2");
    expect(box.map((add) => add.profile)).toContain("https://linkedin.com/in/p3");
  });

  it("shows a profile its latest add", () => {
    let box = queued(1000);
    box = settle(box, ID, { kind: "refused", detail: "no" }, 1100);
    box = enqueue(box, { id: OTHER, profile: PROFILE, attributes }, 2000);
    expect(latestAddOf(box, PROFILE)?.id).toBe(OTHER);
    expect(latestAddOf(box, "https://linkedin.com/in/nobody")).toBeNull();
  });

  it("reads back what it stored, and drops what it cannot read rather than failing", () => {
    const box = settle(queued(), ID, { kind: "added", meta }, 2000);
    expect(readOutbox(JSON.parse(JSON.stringify(box)))).toEqual(box);
    expect(readOutbox([{ id: "nope" }, ...box])).toEqual(box);
    expect(readOutbox(undefined)).toEqual([]);
  });
});
