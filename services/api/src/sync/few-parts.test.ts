import { expect, it } from "vitest";
import type { SnapshotKey } from "./change-feed.ts";
import { type FewReads, fewFrames } from "./few-parts.ts";
import { SnapshotRows } from "./snapshot-parts.ts";

const scope = "ws:00000000-0000-4000-8000-0000000000a1";
const other = "ws:00000000-0000-4000-8000-0000000000a2";
const few = (count: number): SnapshotKey[] =>
  Array.from({ length: count }, (_, n) => ({ entity: "workspace", id: `w${n}`, position: 10 + n, seq: 0 }));

/** Reads from keys held in memory, each scope's data `{"n": id}`; `log` records what was read. */
function readsOf(byScope: Record<string, SnapshotKey[]>, log: string[] = []): FewReads {
  return {
    rowsOf: async (of, withData) =>
      (byScope[of] ?? []).map((key, n) => ({ ...key, text: n < withData ? `{"n":"${key.id}"}` : null })),
    textsOf: async (entries) => {
      log.push(`read ${entries.map((entry) => entry.id).join(",")}`);
      return entries.map((entry) => `{"n":"${entry.id}"}`);
    },
  };
}

async function framesOf(scopes: string[], reads: FewReads, sent = new SnapshotRows(), log: string[] = []) {
  const frames = [];
  for await (const { part, frame } of fewFrames(scopes, 99, reads, sent, 3)) {
    log.push(`sent ${part}`);
    frames.push(JSON.parse(frame));
  }
  return frames;
}

it("sends a scope's few rows in parts of at most a part's worth, each but the last marked as followed by more", async () => {
  const sent = new SnapshotRows();
  sent.plan(few(1));
  const parts = await framesOf([scope, other], readsOf({ [scope]: few(7) }), sent);
  expect(parts.map((part) => [part.scope, part.part, part.last, part.more, part.rows.length])).toEqual([
    [scope, 0, false, true, 3],
    [scope, 1, false, true, 3],
    [scope, 2, false, undefined, 1],
    [other, 0, false, undefined, 0],
  ]);
  expect(parts[0].rows.slice(0, 2)).toEqual([
    { entity: "workspace", id: "w0", same: true },
    { entity: "workspace", id: "w1", data: { n: "w1" } },
  ]);
  expect(parts[3]).toEqual({ type: "snapshot", scope: other, position: 99, part: 0, last: false, rows: [] });
});

it("sends a scope's first part of few rows before the data of its last rows is read", async () => {
  const log: string[] = [];
  await framesOf([scope], readsOf({ [scope]: few(7) }, log), new SnapshotRows(), log);
  // At most one part read ahead: the first part is out before the last rows' data is asked for.
  expect(log.indexOf("sent 0")).toBeLessThan(log.indexOf("read w6"));
  // The first part's data came with the keys: only the later parts' is read by key.
  expect(log.filter((line) => line.startsWith("read"))).toEqual(["read w3,w4,w5", "read w6"]);
});
