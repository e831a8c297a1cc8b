import { randomUUID } from "node:crypto";
import { SNAPSHOT_PART_ROWS } from "@hirestream/contracts/sync/messages.ts";
import { expect, it } from "vitest";
import { z } from "zod";
import { changeTextOf, checkpointOf } from "./change-feed.ts";
import { type FewReads, fewFrames } from "./few-parts.ts";
import { SnapshotRows } from "./snapshot-parts.ts";
import { fewRowsOf } from "./snapshot-phases.ts";
import { type Snapshot, snapshotsOf, syncTestApp } from "./testing/sync-test-app.ts";

// A scope with more few rows than a part holds sends them in several parts, so the client writes
// the first while the rest are read, and says which part ends them.

const s = syncTestApp("few-parts");

/** `extra` workspace rows more in the scope's log as the projector writes them, as of its checkpoint. */
async function padScope(userId: string, scope: string, extra: number): Promise<void> {
  const at = new Date().toISOString();
  const rows = Array.from({ length: extra }, (_, n) => ({
    id: randomUUID(),
    name: `Padding ${n}`,
    description: "",
    visible: true,
    user_id: userId,
    created_at: at,
    updated_at: at,
  }));
  await s.t.pool.query(
    `insert into read.change_log (position, seq, scope, entity, id, op, data)
     select $1, 1000000 + ord::int, $2, 'workspace', id, 'put', data
     from unnest($3::text[], $4::jsonb[]) with ordinality as t(id, data, ord)`,
    [await checkpointOf(s.t.pool), scope, rows.map((row) => row.id), rows.map((row) => JSON.stringify(row))],
  );
}

it("sends a scope's few rows in parts, each but the last marked `more`, before any scope's many", async () => {
  const ada = await s.f.newUser();
  const workspaceId = await s.createWorkspace(ada, "Many workspaces' worth of rows");
  const scope = `ws:${workspaceId}`;
  const extra = SNAPSHOT_PART_ROWS + 200;
  await padScope(ada.userId, scope, extra);

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

it("sends a scope's first part of few rows before the data of its last rows is read", async () => {
  const ada = await s.f.newUser();
  const scope = `ws:${await s.createWorkspace(ada, "Read part by part")}`;
  await padScope(ada.userId, scope, 2 * SNAPSHOT_PART_ROWS + 200);
  const upTo = await checkpointOf(s.t.pool);
  const keys = await fewRowsOf(s.t.pool, scope, upTo, 0);
  const lastRow = keys.at(-1)?.id;
  // What the catch-up reads and sends, in the order it happens: the real reads, recorded as they end.
  const log: string[] = [];
  const reads: FewReads = {
    rowsOf: async (of, withData) => {
      const read = await fewRowsOf(s.t.pool, of, upTo, withData);
      log.push("keys and first rows read");
      return read;
    },
    textsOf: async (entries) => {
      const texts = await changeTextOf(s.t.pool, entries);
      log.push(entries.some((entry) => entry.id === lastRow) ? "last rows read" : "rows read");
      return texts;
    },
  };
  const sentRows: string[] = [];
  const frameRows = z.object({ rows: z.array(z.object({ id: z.string() })) });
  for await (const { frame } of fewFrames([scope], upTo, reads, new SnapshotRows())) {
    log.push("part sent");
    sentRows.push(...frameRows.parse(JSON.parse(frame)).rows.map((row) => row.id));
  }
  expect(log.indexOf("part sent")).toBeLessThan(log.indexOf("last rows read"));
  expect(log).toEqual([
    "keys and first rows read",
    "part sent",
    "rows read",
    "part sent",
    "last rows read",
    "part sent",
  ]);
  expect(sentRows).toEqual(keys.map((key) => key.id));
});
