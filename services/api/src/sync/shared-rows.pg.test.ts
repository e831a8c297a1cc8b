import { FIRST_PART_ROWS } from "@hirestream/contracts/sync/messages.ts";
import { expect, it } from "vitest";
import { snapshotsOf, syncTestApp } from "./testing/sync-test-app.ts";

// The owner's people are in their pool's scope and in their workspace's: a fresh replica's
// catch-up sends each of them in full once rather than once per scope. Whether the other scope
// gets a person named with the row (`also`) or as the same row afterwards depends on how soon its
// keys were read, which is the machine's pace, not a rule: snapshot-parts.test.ts pins both ways.

const s = syncTestApp("shared-rows");

it("sends a person its owner's pool and workspace both hold in full once, for both scopes", async () => {
  const ada = await s.f.newUser();
  const workspaceId = await s.createWorkspace(ada, "Ada's pool and workspace");
  const people = FIRST_PART_ROWS + 150;
  await s.importPeople(ada, workspaceId, people);
  const pool = `user:${ada.userId}`;
  const workspace = `ws:${workspaceId}`;

  const client = s.connect(ada, { focus: [workspace] });
  await client.until((m) => m.type === "ready");
  client.socket.close();
  const parts = snapshotsOf(client.messages);
  const inFull = new Map<string, string[]>();
  const asSame = new Map<string, string[]>();
  for (const part of parts) {
    for (const row of part.rows) {
      if (row.entity !== "person") continue;
      if ("same" in row) asSame.set(row.id, [...(asSame.get(row.id) ?? []), part.scope]);
      else {
        expect(inFull.has(row.id), `${row.id} went in full twice`).toBe(false);
        inFull.set(row.id, [part.scope, ...(row.also ?? [])]);
      }
    }
  }
  expect(inFull.size).toBe(people);
  // Every person ends up in both scopes, whichever way each scope got it.
  for (const [id, scopes] of inFull) {
    expect([...scopes, ...(asSame.get(id) ?? [])].sort(), id).toEqual([pool, workspace].sort());
  }
  // Both scopes still end with their last part.
  expect(
    parts
      .filter((m) => m.last)
      .map((m) => m.scope)
      .sort(),
  ).toEqual([pool, workspace].sort());
});
