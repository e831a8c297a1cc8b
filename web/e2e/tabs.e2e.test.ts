import type { BrowserContext, Page, WebSocket } from "playwright-core";
import { afterAll, beforeAll, expect, it, onTestFinished } from "vitest";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { startHostRewritingProxy } from "./host-rewriting-proxy.ts";
import { goOffline } from "./offline.ts";
import { PASSWORD, sessionHeadersOf, signUpThroughScreens } from "./session.ts";
import {
  createWorkspace,
  openSockets,
  renameWorkspace,
  workspaceRow as row,
  serverSyncSockets,
  socketsSettle,
  syncSockets,
} from "./tab-screens.ts";

// Tabs of one browser profile share one replica; one of them holds the sync socket and sends the
// outbox for all (the one holding the Web Lock), the others go through it.
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function serverWorkspaceNames(): Promise<string[]> {
  const rows = await e2e.app.db.selectFrom("read.workspaces").select("name").orderBy("name").execute();
  return rows.map((row) => row.name);
}

/** The writes to workspaces the server answered, by page: proof of who sent what, and how often. */
function workspaceWrites(pages: Record<string, Page>): string[] {
  const writes: string[] = [];
  for (const [label, page] of Object.entries(pages)) {
    page.on("response", (response) => {
      const method = response.request().method();
      if (method !== "GET" && new URL(response.url()).pathname.startsWith("/api/v1/workspaces"))
        writes.push(`${label} ${method}`);
    });
  }
  return writes;
}

interface Tabs {
  context: BrowserContext;
  leader: Page;
  follower: Page;
  followerSockets: WebSocket[];
  /** The sync connections the server holds, opened from the leader's reload on. */
  serverSockets: () => number;
  writes: string[];
}

async function signUpAt(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/sign_up`);
  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.locator("input[type=password]").nth(0).fill(PASSWORD);
  await page.locator("input[type=password]").nth(1).fill(PASSWORD);
  await page.getByRole("button", { name: "Start" }).click();
  await page.waitForURL("**/workspaces/me/projects");
}

const noWorkspaces = (page: Page) => page.getByText("You have no workspaces yet.");

/**
 * A user signed up in one tab, then a second tab on the workspaces screen, opened only once the
 * first shows `shown` (by default the empty list the server sent): so the first has taken the lead
 * before the second loads, however slow the machine.
 */
async function twoTabs(email: string, origin = e2e.baseUrl, shown = noWorkspaces): Promise<Tabs> {
  const context = await e2e.newContext();
  const leader = await context.newPage();
  await signUpAt(leader, origin, email);
  // Counted at the server from the reload on: the page never reports the close of a socket its
  // document before the reload opened, even one that said hello just before the reload.
  const server = serverSyncSockets(e2e.app.app.server);
  onTestFinished(server.stop);
  await leader.goto(`${origin}/workspaces`);
  await shown(leader).waitFor();
  const follower = await context.newPage();
  const followerSockets = syncSockets(follower);
  const writes = workspaceWrites({ leader, follower });
  await follower.goto(`${origin}/workspaces`);
  await shown(follower).waitFor();
  return { context, leader, follower, followerSockets, serverSockets: server.open, writes };
}

it("shares one sync socket between two tabs, and sends the second tab's write through the first", async () => {
  const { context, leader, follower, followerSockets, serverSockets, writes } = await twoTabs("two-tabs@example.com");
  await createWorkspace(follower, "Made in the second tab");
  await row(leader, "Made in the second tab").waitFor();
  await eventually(serverWorkspaceNames, (names) => names.includes("Made in the second tab"));
  await row(follower, "Made in the second tab").getByText("Pending").waitFor({ state: "detached" });
  await row(leader, "Made in the second tab").getByText("Pending").waitFor({ state: "detached" });

  expect(writes).toEqual(["leader POST"]);
  expect(followerSockets).toHaveLength(0);
  await expect.poll(serverSockets, socketsSettle).toBe(1);
  await context.close();
});

it("shows a write made offline in one tab in the other at once, and sends it once back online", async () => {
  const { context, leader, follower, followerSockets, writes } = await twoTabs("offline-tabs@example.com");
  await createWorkspace(leader, "Field sales");
  await eventually(serverWorkspaceNames, (names) => names.includes("Field sales"));

  await goOffline(leader, follower);
  await follower.getByRole("status", { name: /^Offline/ }).waitFor();
  await renameWorkspace(follower, "Field sales", "Inside sales");
  await row(leader, "Inside sales").getByText("Pending").waitFor();
  expect(await serverWorkspaceNames()).not.toContain("Inside sales");

  await context.setOffline(false);
  await row(follower, "Inside sales").getByText("Pending").waitFor({ state: "detached", timeout: 15_000 });
  await row(leader, "Inside sales").getByText("Pending").waitFor({ state: "detached" });
  expect(await eventually(serverWorkspaceNames, (names) => names.includes("Inside sales"))).toContain("Inside sales");
  expect(writes).toEqual(["leader POST", "leader PUT"]);
  expect(followerSockets).toHaveLength(0);
  await context.close();
});

it("hands the socket and the outbox to another tab when the leading tab closes", async () => {
  const { context, leader, follower, followerSockets, writes } = await twoTabs("handover@example.com");
  await createWorkspace(leader, "Before the handover");
  await eventually(serverWorkspaceNames, (names) => names.includes("Before the handover"));

  await goOffline(leader, follower);
  await follower.getByRole("status", { name: /^Offline/ }).waitFor();
  await renameWorkspace(follower, "Before the handover", "After the handover");
  await row(leader, "After the handover").getByText("Pending").waitFor();
  await leader.close();

  await context.setOffline(false);
  await row(follower, "After the handover").getByText("Pending").waitFor({ state: "detached", timeout: 15_000 });
  expect(await eventually(serverWorkspaceNames, (names) => names.includes("After the handover"))).toContain(
    "After the handover",
  );
  expect(writes).toEqual(["leader POST", "follower PUT"]);
  await expect.poll(() => openSockets(followerSockets), socketsSettle).toBe(1);
  await context.close();
});

it("hands the socket and the outbox to another tab when the leading tab reloads", async () => {
  const { context, leader, follower, followerSockets, writes } = await twoTabs("reload-tabs@example.com");
  await createWorkspace(leader, "Before the reload");
  await eventually(serverWorkspaceNames, (names) => names.includes("Before the reload"));
  // The service worker serves the reload with no network.
  await goOffline(leader, follower);
  await follower.getByRole("status", { name: /^Offline/ }).waitFor();
  await renameWorkspace(follower, "Before the reload", "After the reload");
  await row(leader, "After the reload").getByText("Pending").waitFor();
  const reloadedSockets = syncSockets(leader);
  await leader.reload();
  await row(leader, "After the reload").getByText("Pending").waitFor();

  await context.setOffline(false);
  await row(follower, "After the reload").getByText("Pending").waitFor({ state: "detached", timeout: 15_000 });
  await row(leader, "After the reload").getByText("Pending").waitFor({ state: "detached" });
  expect(await eventually(serverWorkspaceNames, (names) => names.includes("After the reload"))).toContain(
    "After the reload",
  );
  expect(writes).toEqual(["leader POST", "follower PUT"]);
  await expect.poll(() => openSockets(followerSockets), socketsSettle).toBe(1);
  expect(reloadedSockets).toHaveLength(0);
  await context.close();
});

it("shows a refused write's error in the tab that made it", async () => {
  const { context, leader, follower } = await twoTabs("refused-tabs@example.com");
  await createWorkspace(leader, "Short-lived");
  await eventually(serverWorkspaceNames, (names) => names.includes("Short-lived"));
  const href = await row(leader, "Short-lived").getByRole("link", { name: "Short-lived" }).getAttribute("href");
  const id = /^\/workspaces\/([^/]+)\/home$/.exec(href ?? "")?.[1];

  // The second tab renames offline while another client of the same user removes the workspace.
  await goOffline(leader, follower);
  await follower.getByRole("status", { name: /^Offline/ }).waitFor();
  await renameWorkspace(follower, "Short-lived", "Renamed too late");
  await row(follower, "Renamed too late").getByText("Pending").waitFor();
  const removed = await e2e.app.app.inject({
    method: "DELETE",
    url: `/api/v1/workspaces/${id}`,
    headers: await sessionHeadersOf(leader),
  });
  expect(removed.statusCode).toBeLessThan(300);

  await context.setOffline(false);
  await follower.getByRole("alert").filter({ hasText: "Workspace not found" }).waitFor({ timeout: 15_000 });
  await leader.getByText("You have no workspaces yet.").waitFor();
  expect(await leader.getByRole("alert").filter({ hasText: "Workspace not found" }).count()).toBe(0);
  await context.close();
});

it("signs every tab out and deletes the replica when one tab signs out", async () => {
  const { context, leader, follower, serverSockets } = await twoTabs("sign-out-tabs@example.com");
  await follower.getByRole("button", { name: /^Account menu of/ }).click();
  await follower.getByRole("menuitem", { name: "Logout" }).click();
  await follower.waitForURL("**/sign_in");
  await leader.waitForURL("**/sign_in");
  await expect.poll(serverSockets, socketsSettle).toBe(0);
  const databases = () => leader.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));
  // The deletion follows the server's answer, which the sign-in screen does not wait for.
  await expect.poll(databases, socketsSettle).not.toContain("hirestream-replica");

  await context.close();
});

it("lets another user signing in lead, after a sign-out the server never heard of", async () => {
  const { context, leader, follower, serverSockets } = await twoTabs("offline-sign-out@example.com");
  // Offline, the server's answer (which would clear the site's storage) never comes: the tabs let go themselves.
  await goOffline(leader, follower);
  await follower.getByRole("status", { name: /^Offline/ }).waitFor();
  await follower.getByRole("button", { name: /^Account menu of/ }).click();
  await follower.getByRole("menuitem", { name: "Logout" }).click();
  await follower.waitForURL("**/sign_in");
  await leader.waitForURL("**/sign_in");
  await context.setOffline(false);

  const next = syncSockets(follower);
  await signUpThroughScreens(follower, "next-user@example.com");
  await expect.poll(() => openSockets(next), socketsSettle).toBe(1);
  // The new user's tab holds the only one: the signed-out leader holds none.
  await expect.poll(serverSockets, socketsSettle).toBe(1);
  await context.close();
});

it("tells every tab when the session ends, through the one socket", async () => {
  const { context, leader, follower, followerSockets } = await twoTabs("ended-session-tabs@example.com");
  // Another client of the same session signs it out: the server ends it on the leader's socket.
  const ended = await e2e.app.app.inject({
    method: "DELETE",
    url: "/api/v1/auth/sign_out",
    headers: await sessionHeadersOf(leader),
  });
  expect(ended.statusCode).toBe(200);
  for (const page of [leader, follower]) {
    await page.waitForURL("**/sign_in");
    await page.getByText("Session expired.").waitFor();
  }
  expect(followerSockets).toHaveLength(0);
  await context.close();
});

it("tells every tab when the server refuses to sync with the page's address", async () => {
  // Behind this proxy the server sees its own address as Host, so the page's origin is not its own.
  const proxy = await startHostRewritingProxy(new URL(e2e.baseUrl));
  try {
    const refused = (page: Page) => page.getByRole("alert").filter({ hasText: "Not syncing: this address is refused" });
    const { context, followerSockets } = await twoTabs("refused-origin-tabs@example.com", proxy.url, refused);
    expect(followerSockets).toHaveLength(0);
    await context.close();
  } finally {
    await proxy.close();
  }
});
