import { expect, it } from "vitest";
import { partToSend, type ReadRow } from "./catch-up-part.ts";
import type { SnapshotKey } from "./change-feed.ts";
import { OvertakenRows } from "./overtaken-rows.ts";
import { SnapshotRows } from "./snapshot-parts.ts";

const pool = "user:00000000-0000-4000-8000-0000000000b1";
const workspace = "ws:00000000-0000-4000-8000-0000000000a1";
const key = (id: string, position = 10): SnapshotKey => ({ entity: "person", id, position, seq: 0 });
const read = (id: string, same = false): ReadRow => ({ key: key(id), data: same ? null : { id } });

it("leaves out of a part still to send the rows a change has brought, in the change's scope only", () => {
  const overtaken = new OvertakenRows(new SnapshotRows());
  overtaken.changed({ scope: workspace, entity: "person", id: "p1" });
  expect(partToSend(workspace, [read("p0"), read("p1"), read("p2", true)], overtaken)).toEqual([
    { entity: "person", id: "p0", data: { id: "p0" } },
    { entity: "person", id: "p2", same: true },
  ]);
  expect(partToSend(pool, [read("p1")], overtaken)).toEqual([{ entity: "person", id: "p1", data: { id: "p1" } }]);
});

it("sends in full, not as the same row, a row a change reached after an earlier scope sent it", () => {
  const sent = new SnapshotRows();
  const overtaken = new OvertakenRows(sent);
  sent.plan([key("p1")]);
  expect(sent.plan([key("p1")])).toEqual([{ ...key("p1"), same: true }]);
  // Taken out of the pool's scope, say: the client may hold the row no more.
  overtaken.changed({ scope: pool, entity: "person", id: "p1" });
  expect(sent.holds(key("p1"))).toBe(false);
  expect(sent.plan([key("p1")])).toEqual([{ ...key("p1"), same: false }]);
});
