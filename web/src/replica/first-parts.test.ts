import { SNAPSHOT_PART_ROWS } from "@hirestream/contracts/sync/messages.ts";
import { expect, test } from "vitest";
import { FirstParts } from "./first-parts.ts";
import type { ParsedServerMessage, SnapshotMessage } from "./server-message.ts";
import { snapshotPart } from "./testing/sync-frames.ts";

const [a, b, c] = ["user:a", "ws:b", "ws:c"];
const rows = (count: number): SnapshotMessage["rows"] =>
  Array.from({ length: count }, (_, n) => ({ entity: "workspace", id: `w${n}`, data: { id: `w${n}` } }));
const first = (scope: string, count = 1, more?: true) => snapshotPart(scope, rows(count), { last: false, more });

test("the syncing and every scope's first part wait until the last scope's comes, and all go on together in the order they came", () => {
  const parts = new FirstParts();
  const syncing: ParsedServerMessage = { type: "syncing", scopes: [a, b, c] };
  expect(parts.hold(syncing)).toBe(true);
  const [ofA, ofC, ofB] = [first(a), first(c), first(b)];
  expect(parts.hold(ofA)).toBe(true);
  expect(parts.hold(ofC)).toBe(true);
  expect(parts.hold(ofB)).toBe(false);
  expect(parts.release()).toEqual([syncing, ofA, ofC]);
  expect(parts.release()).toEqual([]);
  // The scopes' next parts are their many rows: they never wait.
  expect(parts.hold(snapshotPart(a, rows(1), { part: 1 }))).toBe(false);
});

test("a part's worth of rows goes on at once, and a scope's few rows are in only with a part without `more`", () => {
  const parts = new FirstParts();
  parts.hold({ type: "syncing", scopes: [a, b] });
  expect(parts.hold(first(a, 1))).toBe(true);
  expect(parts.hold(first(b, SNAPSHOT_PART_ROWS - 1, true))).toBe(false);
  expect(parts.release()).toHaveLength(2);
  const rest = snapshotPart(b, rows(1), { part: 1, last: false, more: true });
  expect(parts.hold(rest)).toBe(true);
  expect(parts.hold(snapshotPart(b, rows(1), { part: 2, last: false }))).toBe(false);
  expect(parts.release()).toEqual([rest]);
});

test("anything but a first part still awaited ends the wait", () => {
  const parts = new FirstParts();
  parts.hold({ type: "syncing", scopes: [a, b] });
  const ofA = first(a);
  expect(parts.hold(ofA)).toBe(true);
  expect(parts.hold({ type: "changes", cursor: 3, rows: [] })).toBe(false);
  expect(parts.release()).toEqual([{ type: "syncing", scopes: [a, b] }, ofA]);
  // Once ended, the scope still awaited waits for nothing.
  expect(parts.hold(first(b))).toBe(false);
  // A part of a scope whose few rows are in, with another still awaited, ends it too.
  parts.hold({ type: "syncing", scopes: [a, b] });
  expect(parts.hold(first(a))).toBe(true);
  expect(parts.hold(snapshotPart(a, rows(1), { part: 1 }))).toBe(false);
  expect(parts.release()).toHaveLength(2);
  expect(parts.hold(first(b))).toBe(false);
  // Without a `syncing`, nothing waits.
  expect(new FirstParts().hold(first(a))).toBe(false);
});

test("a syncing that names no scope waits for nothing", () => {
  const parts = new FirstParts();
  expect(parts.hold({ type: "syncing", scopes: [] })).toBe(false);
  expect(parts.release()).toEqual([]);
});
