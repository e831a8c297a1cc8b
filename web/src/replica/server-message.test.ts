import { expect, test } from "vitest";
import { coalesceMessages, JOINED_PART_ROWS, parseServerMessage } from "./server-message.ts";
import { workspace, ws1 } from "./testing/rows.ts";

const scope = `ws:${ws1}`;

test("reads each message the hub sends", () => {
  const messages = [
    {
      type: "snapshot",
      part: 0,
      last: true,
      scope,
      position: 3,
      rows: [
        { entity: "workspace", id: ws1, data: workspace(ws1), also: ["user:00000000-0000-4000-8000-0000000000b1"] },
      ],
    },
    { type: "changes", cursor: 4, rows: [{ position: 4, scope, entity: "workspace", id: "w", op: "del", data: null }] },
    { type: "drop-scope", scope },
    { type: "ready", cursor: 4, scopes: [scope] },
    { type: "pong" },
    { type: "session-expired" },
    { type: "error", code: "BAD_REQUEST", detail: "No hello received" },
  ];
  for (const message of messages) expect(parseServerMessage(JSON.stringify(message))).toEqual(message);
});

test("refuses what is not a message of this protocol", () => {
  expect(parseServerMessage("{")).toBeNull();
  expect(parseServerMessage(JSON.stringify({ type: "hello" }))).toBeNull();
  expect(parseServerMessage(JSON.stringify({ type: "drop-scope", scope: "project:1" }))).toBeNull();
  expect(
    parseServerMessage(
      JSON.stringify({
        type: "snapshot",
        part: 1,
        last: true,
        scope,
        position: 3,
        rows: [{ entity: "workspace", id: ws1, data: workspace(ws1), also: ["project:1"] }],
      }),
    ),
  ).toBeNull();
  expect(parseServerMessage(JSON.stringify({ type: "changes", cursor: -1, rows: [] }))).toBeNull();
  expect(
    parseServerMessage(
      JSON.stringify({ type: "changes", cursor: 1, rows: [{ position: 1, scope, entity: "x", id: "y", op: "patch" }] }),
    ),
  ).toBeNull();
});

test("refuses a message carrying a row that does not match its table's contract, and passes over unknown entities", () => {
  const snapshot = (rows: unknown[]) =>
    JSON.stringify({ type: "snapshot", part: 0, last: true, scope, position: 3, rows });
  const good = { entity: "workspace", id: ws1, data: workspace(ws1) };
  expect(parseServerMessage(snapshot([good, { entity: "hologram", id: "h", data: { beam: 1 } }]))).not.toBeNull();
  expect(
    parseServerMessage(snapshot([good, { entity: "workspace", id: "w2", data: { id: "w2", name: 42 } }])),
  ).toBeNull();
  const changes = (data: unknown) =>
    JSON.stringify({
      type: "changes",
      cursor: 4,
      rows: [{ position: 4, scope, entity: "workspace", id: ws1, op: "put", data }],
    });
  expect(parseServerMessage(changes(workspace(ws1)))).not.toBeNull();
  expect(parseServerMessage(changes({ ...workspace(ws1), created_at: "never" }))).toBeNull();
});

test("coalesces runs of changes into one, keeping order and the last cursor", () => {
  const row = (position: number) => ({
    position,
    scope,
    entity: "workspace",
    id: `w${position}`,
    op: "put" as const,
    data: {},
  });
  const changes = (cursor: number) => ({ type: "changes" as const, rows: [row(cursor)], cursor });
  const dropped = { type: "drop-scope" as const, scope };
  expect(coalesceMessages([changes(1), changes(2), dropped, changes(3), changes(4), changes(5)])).toEqual([
    { type: "changes", rows: [row(1), row(2)], cursor: 2 },
    dropped,
    { type: "changes", rows: [row(3), row(4), row(5)], cursor: 5 },
  ]);
  expect(coalesceMessages([])).toEqual([]);
  expect(coalesceMessages([dropped, { type: "pong" }])).toEqual([dropped, { type: "pong" }]);
});

test("joins runs of snapshot parts, of one scope or several, until they hold a transaction's worth of rows", () => {
  const rows = (count: number, from: number) =>
    Array.from({ length: count }, (_, n) => ({ entity: "workspace", id: `w${from + n}`, data: {} }));
  const part = (index: number, last: boolean, count: number, of = scope) => ({
    type: "snapshot" as const,
    scope: of,
    position: 7,
    part: index,
    last,
    rows: rows(count, index * 10_000),
  });
  const other = "ws:00000000-0000-4000-8000-0000000000a2";
  const dropped = { type: "drop-scope" as const, scope };
  expect(
    coalesceMessages([part(0, false, 2), part(0, false, 1, other), part(1, false, 2), part(2, true, 1), dropped]),
  ).toEqual([
    { type: "snapshots", parts: [part(0, false, 2), part(0, false, 1, other), part(1, false, 2), part(2, true, 1)] },
    dropped,
  ]);
  // Anything else between parts ends the run.
  expect(coalesceMessages([part(0, true, 1), dropped, part(0, true, 1)])).toEqual([
    { type: "snapshots", parts: [part(0, true, 1)] },
    dropped,
    { type: "snapshots", parts: [part(0, true, 1)] },
  ]);
  // A run takes parts in until it holds a transaction's worth: none is left short of it.
  const big = JOINED_PART_ROWS - 1;
  expect(coalesceMessages([part(0, false, big), part(1, false, 2), part(2, false, 1), part(3, true, 1)])).toEqual([
    { type: "snapshots", parts: [part(0, false, big), part(1, false, 2)] },
    { type: "snapshots", parts: [part(2, false, 1), part(3, true, 1)] },
  ]);
  // A part bigger than a run's worth goes alone.
  expect(coalesceMessages([part(0, false, JOINED_PART_ROWS + 1), part(1, true, 1)])).toEqual([
    { type: "snapshots", parts: [part(0, false, JOINED_PART_ROWS + 1)] },
    { type: "snapshots", parts: [part(1, true, 1)] },
  ]);
});
