import { expect, test } from "vitest";
import { ScreenQueries } from "./screen-queries.ts";
import { ManualClock } from "./testing/manual-clock.ts";
import { alice, user, workspace, ws1 } from "./testing/rows.ts";
import { answers, connected, wsScope } from "./testing/sync-client-setup.ts";
import { me, snapshotPart } from "./testing/sync-frames.ts";

// A screen's own server query goes before the bulk of a first sync, never before its few rows.

const aWhile = () => new Promise((resolve) => setTimeout(resolve, 50));

test("while a screen's query is in flight, a catch-up writes every scope's few rows but holds its many, unanswered", async () => {
  const screens = new ScreenQueries({ clock: new ManualClock() });
  const { db, client, socket } = await connected({ screenQueries: screens });
  const answered = screens.begin();

  socket.receive({ type: "syncing", scopes: [me, wsScope] });
  socket.receive(snapshotPart(me, [{ entity: "user", id: alice, data: user(alice) }], { last: false, position: 5 }));
  socket.receive(
    snapshotPart(wsScope, [{ entity: "workspace", id: ws1, data: workspace(ws1) }], { last: false, position: 5 }),
  );
  await client.idle();
  expect(await db.users.get(alice)).toBeDefined();
  expect(answers(socket.sent)).toBe(2);

  const ws2 = "00000000-0000-4000-8000-0000000000b2";
  socket.receive(
    snapshotPart(wsScope, [{ entity: "workspace", id: ws2, data: workspace(ws2) }], { part: 1, position: 5 }),
  );
  await aWhile();
  expect(await db.workspaces.get(ws2)).toBeUndefined();
  expect(answers(socket.sent)).toBe(2);

  answered();
  await client.idle();
  expect(await db.workspaces.get(ws2)).toBeDefined();
  expect(answers(socket.sent)).toBe(3);
});
