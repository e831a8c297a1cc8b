import { afterAll, beforeAll, expect, it, onTestFinished } from "vitest";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { signUpThroughScreens } from "./session.ts";
import {
  createWorkspace,
  openSockets,
  serverSyncSockets,
  socketsSettle,
  syncSockets,
  workspaceRow,
} from "./tab-screens.ts";

// At the machine's name over plain http the page is no secure context and has no Web Locks to
// choose one tab for the connection: every tab syncs and sends on its own.
const host = "tabs-box.test";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ appHost: host, browserHost: host });
});
afterAll(async () => {
  await e2e?.close();
});

it("keeps every tab syncing on its own where the page has no Web Locks", async () => {
  const context = await e2e.newContext();
  const first = await context.newPage();
  await signUpThroughScreens(first, "tabs-box@example.com");
  expect(await first.evaluate(() => [window.isSecureContext, "locks" in navigator])).toEqual([false, false]);
  // Counted at the server from the reload on: the page never reports the close of a socket its
  // document before the reload opened, even one that said hello just before the reload.
  const server = serverSyncSockets(e2e.app.app.server);
  onTestFinished(server.stop);
  await first.goto("/workspaces");
  await first.getByText("You have no workspaces yet.").waitFor();
  const second = await context.newPage();
  const secondSockets = syncSockets(second);
  await second.goto("/workspaces");
  await second.getByText("You have no workspaces yet.").waitFor();

  await createWorkspace(second, "Made at the box");
  await workspaceRow(first, "Made at the box").waitFor();
  await workspaceRow(second, "Made at the box").getByText("Pending").waitFor({ state: "detached" });
  const names = await eventually(
    async () => (await e2e.app.db.selectFrom("read.workspaces").select("name").execute()).map((row) => row.name),
    (found) => found.includes("Made at the box"),
  );
  expect(names).toEqual(["Made at the box"]);
  await expect.poll(() => openSockets(secondSockets), socketsSettle).toBe(1);
  // One for each tab: the second tab's, and the first's.
  await expect.poll(server.open, socketsSettle).toBe(2);
  await context.close();
});
