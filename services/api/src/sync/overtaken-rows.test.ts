import { expect, it } from "vitest";
import { partToSend, type ReadRow } from "./catch-up-part.ts";
import type { SnapshotKey } from "./change-feed.ts";
import { OvertakenRows } from "./overtaken-rows.ts";
import { SnapshotRows } from "./snapshot-parts.ts";

const pool = "user:00000000-0000-4000-8000-0000000000b1";
const workspace = "ws:00000000-0000-4000-8000-0000000000a1";
const other = "ws:00000000-0000-4000-8000-0000000000a2";
const held = new Set([pool, workspace, other]);
const key = (id: string, position = 10): SnapshotKey => ({ entity: "person", id, position, seq: 0 });
const read = (id: string, same = false, also?: string[]): ReadRow => ({
  row: { ...key(id), same, ...(also ? { also } : {}) },
  text: same ? null : `{"id":"${id}"}`,
});

it("leaves out of a part still to send the rows a change has brought, in the change's scope only", () => {
  const overtaken = new OvertakenRows(new SnapshotRows());
  overtaken.changed({ scope: workspace, entity: "person", id: "p1" });
  expect(partToSend(workspace, [read("p0"), read("p1"), read("p2", true)], overtaken, held)).toEqual([
    read("p0"),
    read("p2", true),
  ]);
  expect(partToSend(pool, [read("p1")], overtaken, held)).toEqual([read("p1")]);
});

it("names in a row's `also` no scope a change to the row reached, nor one no longer held", () => {
  const overtaken = new OvertakenRows(new SnapshotRows());
  overtaken.changed({ scope: workspace, entity: "person", id: "p1" });
  expect(partToSend(pool, [read("p1", false, [workspace, other])], overtaken, held)).toEqual([
    read("p1", false, [other]),
  ]);
  expect(partToSend(pool, [read("p1", false, [workspace])], overtaken, held)).toEqual([read("p1")]);
  expect(partToSend(pool, [read("p2", false, [workspace, other])], overtaken, new Set([pool, other]))).toEqual([
    read("p2", false, [other]),
  ]);
});

it("sends in full, not as the same row, a row a change reached after an earlier scope sent it", () => {
  const sent = new SnapshotRows();
  const overtaken = new OvertakenRows(sent);
  sent.plan([key("p1")]);
  expect(sent.plan([key("p1")])).toEqual([{ ...key("p1"), same: true }]);
  // Taken out of the pool's scope, say: the client may hold the row no more.
  overtaken.changed({ scope: pool, entity: "person", id: "p1" });
  expect(sent.sentInFull(key("p1"))).toBe(false);
  expect(sent.plan([key("p1")])).toEqual([{ ...key("p1"), same: false }]);
});

it("sends in full to a scope an earlier row's `also` named, once a change reached the row", () => {
  const sent = new SnapshotRows();
  const overtaken = new OvertakenRows(sent);
  sent.holds(workspace, [key("p1")]);
  const first = sent.planPart(pool, [key("p1")], 0, 5);
  expect(first.rows).toEqual([{ ...key("p1"), same: false, also: [workspace] }]);
  sent.sent(pool, first.rows);
  expect(sent.planPart(workspace, [key("p1")], 0, 5).rows).toEqual([]);
  // Out of the pool only: the client holds it in the workspace still, but no longer as sent there.
  overtaken.changed({ scope: pool, entity: "person", id: "p1" });
  expect(sent.planPart(workspace, [key("p1")], 0, 5).rows).toEqual([{ ...key("p1"), same: false }]);
});
