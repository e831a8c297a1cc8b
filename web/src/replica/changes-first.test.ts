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

test("takes out of a row's `also` the scopes a change moved ahead of it brought the row in, and keeps a change it would split after the part", () => {
  const shared = (id: string, also: string[]): SnapshotMessage => ({
    ...part(1, []),
    rows: [{ entity: "candidacy", id, data: { id, stage_id: "old" }, also }],
  });
  const [first, second] = changesFirst([shared("a", [other]), change("a", 31, other)]);
  expect(first?.type).toBe("changes");
  expect(second).toMatchObject({ rows: [{ id: "a", data: { id: "a", stage_id: "old" } }] });
  expect(second?.type === "snapshot" && second.rows[0] && "also" in second.rows[0]).toBe(false);
  // Brought in the part's scope but not in the other it names: the part goes first, whole.
  const kept = changesFirst([shared("b", [other]), change("b", 32)]);
  expect(kept.map((message) => message.type)).toEqual(["snapshot", "changes"]);
  expect(ids(kept[0] ?? { type: "pong" })).toEqual(["b"]);
  // Brought in both: left out, the change first.
  const both: ChangesMessage = {
    ...change("c", 33),
    rows: [...change("c", 33).rows, ...change("c", 33, other).rows],
  };
  const gone = changesFirst([shared("c", [other]), both]);
  expect(gone.map((message) => message.type)).toEqual(["changes", "snapshot"]);
  expect(ids(gone[1] ?? { type: "pong" })).toEqual([]);
});

test("takes out of a row's `in` the scopes a change moved ahead of it brought the row in, and leaves the row out once none is left", () => {
  const owner = "user:00000000-0000-4000-8000-0000000000b1";
  const person = (id: string): SnapshotMessage => ({
    ...part(1, ["c"]),
    rows: [
      { entity: "candidacy", id: "c", data: { id: "c", stage_id: "old" } },
      { entity: "person", id, data: { id, first_name: "Old" }, in: [other, owner] },
    ],
  });
  const personChange = (id: string, position: number, at: string): ChangesMessage => ({
    type: "changes",
    cursor: position,
    rows: [{ position, scope: at, entity: "person", id, op: "put", data: { id, first_name: "New" } }],
  });
  const [, once] = changesFirst([person("p"), personChange("p", 31, other)]);
  expect(once?.type === "snapshot" && once.rows).toEqual([
    { entity: "candidacy", id: "c", data: { id: "c", stage_id: "old" } },
    { entity: "person", id: "p", data: { id: "p", first_name: "Old" }, in: [owner] },
  ]);
  const [, , both] = changesFirst([person("p"), personChange("p", 31, other), personChange("p", 32, owner)]);
  expect(both?.type === "snapshot" && both.rows.map((row) => row.id)).toEqual(["c"]);
  // A change in the part's own scope to a row it does not hold there leaves the row as it is.
  const [, untouched] = changesFirst([person("p"), personChange("p", 31, scope)]);
  expect(untouched?.type === "snapshot" && untouched.rows).toEqual(person("p").rows);
});
