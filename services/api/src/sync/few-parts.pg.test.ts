import { randomUUID } from "node:crypto";
import { SNAPSHOT_PART_ROWS } from "@hirestream/contracts/sync/messages.ts";
import { expect, it } from "vitest";
import { checkpointOf } from "./change-feed.ts";
import { type Snapshot, snapshotsOf, syncTestApp } from "./testing/sync-test-app.ts";

// A scope with more few rows than a part holds sends them in several parts, so the client writes
// the first while the rest are read, and says which part ends them.

const s = syncTestApp("few-parts");

it("sends a scope's few rows in parts, each but the last marked `more`, before any scope's many", async () => {
  const ada = await s.f.newUser();
  const workspaceId = await s.createWorkspace(ada, "Many workspaces' worth of rows");
  const scope = `ws:${workspaceId}`;
  // Rows of the scope's log as the projector writes them, as of its checkpoint: far more than a part.
  const extra = SNAPSHOT_PART_ROWS + 200;
  const at = new Date().toISOString();
  const rows = Array.from({ length: extra }, (_, n) => ({
    id: randomUUID(),
    name: `Padding ${n}`,
    description: "",
    visible: true,
    user_id: ada.userId,
    created_at: at,
    updated_at: at,
  }));
  await s.t.pool.query(
    `insert into read.change_log (position, seq, scope, entity, id, op, data)
     select $1, 1000000 + ord::int, $2, 'workspace', id, 'put', data
     from unnest($3::text[], $4::jsonb[]) with ordinality as t(id, data, ord)`,
    [await checkpointOf(s.t.pool), scope, rows.map((row) => row.id), rows.map((row) => JSON.stringify(row))],
  );

  const client = s.connect(ada);
  await client.until((m) => m.type === "ready");
  client.socket.close();
  const parts = snapshotsOf(client.messages);
  const ofScope = parts.filter((m) => m.scope === scope);
  expect(ofScope.slice(0, 2).map((m) => [m.part, m.more, m.rows.length])).toEqual([
    [0, true, SNAPSHOT_PART_ROWS],
    [1, undefined, expect.any(Number)],
  ]);
  const few = ofScope.slice(0, 2).flatMap((m) => m.rows);
  expect(few.filter((row) => row.entity === "workspace")).toHaveLength(extra + 1);
  // The many come after every scope's few, numbered on from them.
  const firstMany = parts.findIndex((m) => m.part > 0 && m.rows.length === 0);
  expect(parts.slice(firstMany).every((m) => m.more === undefined)).toBe(true);
  expect(ofScope.slice(2).map((m) => [m.part, m.last])).toEqual([[2, true]]);
  expect(parts.indexOf(ofScope[1] as Snapshot)).toBeLessThan(firstMany);
});
