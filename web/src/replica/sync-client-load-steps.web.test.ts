import { expect, test } from "vitest";
import { loadHasReached } from "../load-steps.ts";
import { alice, user, workspace, ws1 } from "./testing/rows.ts";
import { connected, wsScope } from "./testing/sync-client-setup.ts";
import { me, snapshotPart } from "./testing/sync-frames.ts";

// The load steps a first sync marks as its rows are committed (load-steps.ts). One test: the steps
// are the page's, marked once per load, and this file is one load.

test("a first sync marks its first part written, then every scope's rows written once the last part of the last scope commits", async () => {
  const { db, client, socket } = await connected();
  socket.receive({ type: "syncing", scopes: [me, wsScope] });
  socket.receive(snapshotPart(me, [{ entity: "user", id: alice, data: user(alice) }]));
  socket.receive(
    snapshotPart(wsScope, [{ entity: "workspace", id: ws1, data: workspace(ws1) }], { last: false, position: 5 }),
  );
  await client.idle();
  expect(loadHasReached("first-part-written")).toBe(true);
  expect(loadHasReached("snapshots-written")).toBe(false);

  const ws2 = "00000000-0000-4000-8000-0000000000b2";
  socket.receive(
    snapshotPart(wsScope, [{ entity: "workspace", id: ws2, data: workspace(ws2) }], { part: 1, position: 5 }),
  );
  await client.idle();
  expect(await db.workspaces.get(ws2)).toBeDefined();
  expect(loadHasReached("snapshots-written")).toBe(true);
  expect(loadHasReached("caught-up")).toBe(false);
});
