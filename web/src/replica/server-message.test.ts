import { expect, test } from "vitest";
import { parseServerMessage } from "./server-message.ts";

const scope = "ws:00000000-0000-4000-8000-0000000000a1";

test("reads each message the hub sends", () => {
  const messages = [
    { type: "snapshot", scope, position: 3, rows: [{ entity: "workspace", id: "w", data: { id: "w" } }] },
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
  expect(parseServerMessage(JSON.stringify({ type: "changes", cursor: -1, rows: [] }))).toBeNull();
  expect(
    parseServerMessage(
      JSON.stringify({ type: "changes", cursor: 1, rows: [{ position: 1, scope, entity: "x", id: "y", op: "patch" }] }),
    ),
  ).toBeNull();
});
