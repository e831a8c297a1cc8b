import { expect, test } from "vitest";
import { changesFirst } from "./changes-first.ts";
import type { ChangesMessage, ParsedServerMessage, SnapshotMessage } from "./server-message.ts";

const scope = "proj:00000000-0000-4000-8000-0000000000c1";
const other = "ws:00000000-0000-4000-8000-0000000000a1";

const part = (n: number, ids: string[], position = 30): SnapshotMessage => ({
  type: "snapshot",
  scope,
  position,
  part: n,
  last: false,
  rows: ids.map((id) => ({ entity: "candidacy", id, data: { id, stage_id: "old" } })),
});
const change = (id: string, position: number, at = scope): ChangesMessage => ({
  type: "changes",
  cursor: position,
  rows: [{ position, scope: at, entity: "candidacy", id, op: "put", data: { id, stage_id: "new" } }],
});
const ids = (message: ParsedServerMessage) => (message.type === "snapshot" ? message.rows.map((row) => row.id) : []);

test("applies changes before the snapshot parts that arrived ahead of them, leaving out the rows they brought", () => {
  const ordered = changesFirst([part(1, ["a", "b"]), part(2, ["c"]), change("b", 31), part(3, ["d"]), change("d", 32)]);
  expect(ordered.map((message) => message.type)).toEqual(["changes", "changes", "snapshot", "snapshot", "snapshot"]);
  expect(ordered.slice(2).map(ids)).toEqual([["a"], ["c"], []]);
  expect(ordered.slice(0, 2).map((message) => message.type === "changes" && message.cursor)).toEqual([31, 32]);
});

test("keeps a row a change of another scope, or of an older position, touches", () => {
  const ordered = changesFirst([part(1, ["a", "b"]), change("a", 31, other), change("b", 12)]);
  expect(ordered.slice(2).map(ids)).toEqual([["a", "b"]]);
});

test("moves nothing across a scope's first part, the catch-up's start or its end", () => {
  const messages: ParsedServerMessage[] = [
    part(1, ["a"]),
    { type: "drop-scope", scope: other },
    change("a", 31),
    { ...part(0, ["b"]), scope: other },
    change("b", 32, other),
    { type: "ready", cursor: 32, scopes: [scope] },
  ];
  expect(changesFirst(messages)).toEqual(messages);
});
